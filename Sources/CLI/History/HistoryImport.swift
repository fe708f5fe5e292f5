import ArgumentParser
import Foundation
import Library
import Localization
import Settings

struct HistoryImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: localized(
            "Add sits from a CSV file (date,duration_minutes,note); sits already there are skipped.",
            de: "Fügt Sitzungen aus einer CSV-Datei hinzu (date,duration_minutes,note); vorhandene werden übersprungen."
        ))

    @Argument(help: .localized("The CSV file.", de: "Die CSV-Datei.", valueName: "file"))
    var file: String

    @OptionGroup var location: LibraryLocation

    func run() throws {
        let text: String
        do {
            text = try TextFile.read(file)
        } catch {
            throw HistoryError.unreadable(path: file, reason: error.reason)
        }
        let sessions = try PracticeCSV.parse(text, path: file, timeZone: .current)
        let added = try location.open().importPractice(sessions)
        let skipped = sessions.count - added
        if skipped > 0 {
            print(say(.historyImportedSkipped, ["count": added, "skipped": skipped]))
        } else {
            print(
                added == 1
                    ? localized("imported 1 sit", de: "1 Sitzung importiert") : say(.historyImported, ["count": added]))
        }
    }
}
