import ArgumentParser
import Foundation
import Localization
import Session
import Settings

/// `meditate preset`: named sets of session options, kept in config.toml.
struct PresetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preset",
        abstract: localized(
            "Save sessions you sit often under a name, and start them by that name.",
            de: "Speichert Sitzungen, die du oft sitzt, unter einem Namen und startet sie mit diesem Namen."),
        discussion: localized(
            """
            A preset keeps the options it was saved with, a guided track included, as a [preset.NAME] table in config.toml. Flags given when it is used override it.

            Examples:
            """,
            de: """
                Eine Vorlage behält die Optionen, mit denen sie gespeichert wurde, eine geführte Aufnahme eingeschlossen, als Tabelle [preset.NAME] in config.toml. Optionen, die beim Start angegeben werden, gehen vor.

                Beispiele:
                """) + """

                  meditate preset save morning --minutes 20 --interval 5 --noise pink
                  meditate preset save evening --guided "Body scan" --then 10 --interval 5
                  meditate morning
                  meditate --preset morning --minutes 30
                  meditate render --preset morning -o morning.wav
                """,
        subcommands: [PresetSave.self, PresetList.self, PresetShow.self, PresetRemove.self]
    )
}
