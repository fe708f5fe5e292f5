import ArgumentParser
import Library
import Localization
import Practice
import Settings

/// Where the library is; `--library` points elsewhere (a test, a second collection).
struct LibraryLocation: ParsableArguments {
    @Option(
        name: .customLong("library"),
        help: .localized(
            "The library's folder (default: $XDG_DATA_HOME/meditate).",
            de: "Der Ordner der Bibliothek (Standard: $XDG_DATA_HOME/meditate).", valueName: "folder"))
    var folder: String?

    var paths: LibraryPaths {
        folder.map { LibraryPaths(folder: $0) } ?? LibraryPaths(environment: ProcessEnvironment.variables)
    }

    /// The library, its history's files where the config file says (`history-folder`).
    func open() throws -> LibraryDatabase {
        try LibraryDatabase(paths: paths.keepingHistory(as: Settings.load()))
    }
}
