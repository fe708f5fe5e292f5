import ArgumentParser
import Library

/// `meditate library`: the imported guided tracks.
struct LibraryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library",
        abstract: localized("Import guided meditations and manage the library of them.",
                            de: "Importiert geführte Meditationen und verwaltet ihre Bibliothek."),
        discussion: localized("""
        The library is a SQLite file in $XDG_DATA_HOME/meditate (by default
        ~/.local/share/meditate). Files stay where they are unless imported with --copy.
        Examples:
        """, de: """
        Die Bibliothek ist eine SQLite-Datei in $XDG_DATA_HOME/meditate (sonst
        ~/.local/share/meditate). Dateien bleiben, wo sie sind, außer beim Import mit --copy.
        Beispiele:
        """) + """

          meditate library import ~/Music/Guided
          meditate library list
          meditate library edit 3 --teacher "Tara Brach"
        """,
        subcommands: [LibraryImport.self, LibraryList.self, LibraryShow.self, LibraryEdit.self,
                      LibraryRemove.self, LibraryCheck.self])
}

/// Where the library is; `--library` points elsewhere (a test, a second collection).
struct LibraryLocation: ParsableArguments {
    @Option(name: .customLong("library"), help: .localized(
        "The library's folder (default: $XDG_DATA_HOME/meditate).",
        de: "Der Ordner der Bibliothek (Standard: $XDG_DATA_HOME/meditate).", valueName: "folder"))
    var folder: String?

    var paths: LibraryPaths { folder.map { LibraryPaths(folder: $0) } ?? LibraryPaths(environment: ProcessEnvironment.variables) }

    func open() throws(LibraryError) -> LibraryDatabase {
        try LibraryDatabase(path: paths.database)
    }
}

/// A track's id as typed on the command line.
struct TrackID: ExpressibleByArgument {
    let value: Int64

    static var help: ArgumentHelp { .localized("The track's id.", de: "Die ID der Aufnahme.", valueName: "id") }

    init?(argument: String) {
        let digits = argument.hasPrefix("#") ? String(argument.dropFirst()) : argument
        guard let value = Int64(digits), value > 0 else { return nil }
        self.value = value
    }
}
