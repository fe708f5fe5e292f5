import Foundation
import Library
import Localization
import Settings

extension LibraryPaths {
    /// These paths with the history's files where `settings` say (`history-folder`, "~/"
    /// being the home folder).
    package func keepingHistory(as settings: Settings) -> LibraryPaths {
        guard let folder = settings.value(SettingKeys.historyFolder, flag: nil) else { return self }
        guard folder.hasPrefix("~/") else { return keepingHistory(in: folder) }
        let home = ProcessEnvironment.variables["HOME"] ?? NSHomeDirectory()
        return keepingHistory(in: home + folder.dropFirst(1))
    }

    /// The library of this environment, its history's files where the config file says.
    package static func configured() throws -> LibraryPaths {
        LibraryPaths(environment: ProcessEnvironment.variables).keepingHistory(as: try Settings.load())
    }
}
