import Foundation

/// Where the sitter's days begin: at local midnight, or later (`day-starts = "04:00"`), so that
/// a sit at 00:30 after a late evening belongs to the day before, as the sitter lives it. Every
/// count of days (stats, streaks, the calendar, `--from` and `--to`) takes its days from here.
/// On the clock, not in elapsed time: a day that a change of summer time shortens still begins
/// at 04:00.
public struct PracticeDays: Sendable {
    public let timeZone: TimeZone
    /// Seconds after local midnight at which a day begins: 0 to 11:45, in quarter hours (the
    /// totals add sits up by quarter hours).
    public let startSecond: Int

    public static let quarterHour = 900
    /// The latest a day may begin: before noon, or a day would be mostly the next one.
    public static let latestStartSecond = 12 * 3600 - quarterHour

    public init(timeZone: TimeZone = .current, startSecond: Int = 0) {
        self.timeZone = timeZone
        self.startSecond = min(max(0, startSecond), Self.latestStartSecond)
    }

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// The day an instant (seconds since 1970) belongs to.
    public func day(of instant: Double) -> CivilDay {
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: instant))
        let day = CivilDay(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
        let second = (parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0)
        return second < startSecond ? day.adding(days: -1) : day
    }

    /// The day of a local clock reading (seconds since 1970 plus the zone's offset then).
    public func day(ofLocalSeconds local: Double) -> CivilDay {
        CivilDay(ordinal: Int(((local - Double(startSecond)) / 86_400).rounded(.down)))
    }

    /// The instant `day` begins.
    public func start(of day: CivilDay) -> Double {
        let (y, m, d) = day.components
        let components = DateComponents(
            year: y, month: m, day: d, hour: startSecond / 3600, minute: startSecond / 60 % 60)
        return calendar.date(from: components)?.timeIntervalSince1970 ?? 0
    }

    /// Today, as of now.
    public var today: CivilDay { day(of: Date().timeIntervalSince1970) }
}
