import Foundation
import Library
import Settings

extension PracticeDays {
    /// The days `settings` say (`day-starts`), in the local time zone.
    package init(_ settings: Settings, timeZone: TimeZone = .current) {
        self.init(timeZone: timeZone, startSecond: settings.value(SettingKeys.dayStarts, flag: nil).secondOfDay)
    }
}
