import ArgumentParser
import Foundation
import Library
import Localization
import Settings

/// `meditate history reindex`: the history's index built anew from every device's files.
struct HistoryReindex: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reindex",
        abstract: localized(
            "Build the history anew from the files in the history folder (every sit gets its number again).",
            de: "Baut das Protokoll neu aus den Dateien im Protokollordner auf (jede Sitzung bekommt ihre Nummer neu)."),
        discussion: localized(
            "What the files no longer say is forgotten: a removal whose file was deleted (a device that wrote what it should not) brings its sit back.",
            de:
                "Was die Dateien nicht mehr sagen, ist vergessen: eine Entfernung, deren Datei gelöscht wurde (ein Gerät, das schrieb, was es nicht sollte), bringt ihre Sitzung zurück."
        ))

    @OptionGroup var location: LibraryLocation

    func run() throws {
        let count = try location.open().reindexHistory()
        let sits = count == 1 ? localized("sit", de: "Sitzung") : localized("sits", de: "Sitzungen")
        print(
            localized(
                "the history was read anew from its files: \(count) \(sits)",
                de: "das Protokoll wurde neu aus seinen Dateien gelesen: \(count) \(sits)"))
    }
}
