import Control
import Foundation
import Library
import Localization
import Practice
import Service
import Settings

/// `config set history-folder` and `config unset history-folder`: this device's practice
/// carried from the folder it leaves into the one it takes, before config.toml says so (a
/// carry that fails leaves the setting as it was), and said in a line once it does.
enum HistoryFolderChange {
    /// Carries this device's history, schedules and presets into `folder` ("~/" expanded) from
    /// the folder it keeps them in now. Returns the lines to say once config.toml is written.
    static func carry(into folder: String) throws -> [String] {
        let move = SharedFolderMove(from: try Settings.load().sharedFolder, to: folder)
        guard !move.isStay else { return [] }
        let carried = try move.carry(paths: LibraryPaths(environment: ProcessEnvironment.variables))
        var lines = carried.isEmpty ? [] : [SharedFolderMove.line(carried, into: folder)]
        // The service reads the folder it started with: until it starts again, its sits would
        // go where this device no longer looks.
        if ControlClient.answers(at: ServicePaths.defaultSocket()) {
            lines.append(
                localized(
                    "the service running here keeps the old folder until it is restarted: systemctl --user restart meditate (or sudo systemctl restart meditate)",
                    de:
                        "der hier laufende Dienst nutzt den alten Ordner, bis er neu startet: systemctl --user restart meditate (oder sudo systemctl restart meditate)"
                ))
        }
        return lines
    }
}
