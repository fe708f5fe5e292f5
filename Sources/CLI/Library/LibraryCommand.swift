import ArgumentParser
import Library
import Localization
import Settings

/// `meditate library`: the imported guided tracks.
struct LibraryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library",
        abstract: localized(
            "Import guided meditations and manage the library of them.",
            de: "Importiert geführte Meditationen und verwaltet ihre Bibliothek."),
        discussion: localized(
            """
            The library is a SQLite file in $XDG_DATA_HOME/meditate (by default
            ~/.local/share/meditate). Files stay where they are unless imported with --copy.
            Examples:
            """,
            de: """
                Die Bibliothek ist eine SQLite-Datei in $XDG_DATA_HOME/meditate (sonst
                ~/.local/share/meditate). Dateien bleiben, wo sie sind, außer beim Import mit --copy.
                Beispiele:
                """) + """

                  meditate library import ~/Music/Guided
                  meditate library list
                  meditate library edit 3 --teacher "Tara Brach"
                """,
        subcommands: [
            LibraryImport.self, LibraryList.self, LibraryShow.self, LibraryEdit.self,
            LibraryRemove.self, LibraryCheck.self, LibraryCourse.self
        ])
}
