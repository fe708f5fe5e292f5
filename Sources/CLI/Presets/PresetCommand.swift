import ArgumentParser
import Foundation
import Localization
import Session
import Settings

/// `meditate preset`: named sets of session options, kept where all devices find them (`SavedPresets`).
struct PresetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preset",
        abstract: localized(
            "Save sessions you sit often under a name, and start them by that name.",
            de: "Speichert Sitzungen, die du oft sitzt, unter einem Namen und startet sie mit diesem Namen."),
        discussion: localized(
            """
            A preset keeps the options it was saved with, a guided track included, in the folder your devices share (history-folder), so that each of them has it; the latest save or removal of a name wins. A [preset.NAME] table you write into config.toml is this machine's own and goes first. Flags given when it is used override it.

            Examples:
            """,
            de: """
                Eine Vorlage behält die Optionen, mit denen sie gespeichert wurde, eine geführte Aufnahme eingeschlossen, in dem Ordner, den deine Geräte teilen (history-folder), sodass jedes von ihnen sie hat; das letzte Speichern oder Löschen eines Namens gilt. Eine Tabelle [preset.NAME], die du selbst in config.toml schreibst, gilt nur auf diesem Rechner und geht vor. Optionen, die beim Start angegeben werden, gehen vor.

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
