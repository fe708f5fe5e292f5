import ArgumentParser
import Library
import Localization
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

    func open() throws(LibraryError) -> LibraryDatabase {
        try LibraryDatabase(path: paths.database)
    }
}
