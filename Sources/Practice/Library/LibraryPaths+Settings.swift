import Foundation
import Library
import Localization
import Settings

extension LibraryPaths {
    /// These paths with the history's files where `settings` say (`history-folder`, "~/"
    /// being the home folder).
    package func keepingHistory(as settings: Settings) -> LibraryPaths {
        guard settings.value(SettingKeys.historyFolder, flag: nil) != nil else { return self }
        return keepingHistory(in: settings.sharedFolder)
    }

    /// The library of this environment, its history's files where the config file says.
    package static func configured() throws -> LibraryPaths {
        LibraryPaths(environment: ProcessEnvironment.variables).keepingHistory(as: try Settings.load())
    }
}
