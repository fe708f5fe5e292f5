import ArgumentParser
import Foundation
import Library
import Localization
import Settings

/// `meditate history remove ID`: a sit that should not be there taken away, after asking once.
struct HistoryRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: localized(
            "Take a sit out of the history (asks first in a terminal).",
            de: "Nimmt eine Sitzung aus dem Protokoll (fragt im Terminal zuerst)."))

    @Argument(help: SitReference.help)
    var sit: SitReference

    @Flag(
        name: .shortAndLong,
        help: .localized("Remove it without asking (for scripts).", de: "Entfernt sie ohne Nachfrage (für Skripte)."))
    var yes = false

    @OptionGroup var location: LibraryLocation

    func run() throws {
        let database = try location.open()
        let id = try sit.id(in: database)
        guard let found = try database.practice(id: id) else { throw HistoryError.noSuchSit(sit.description) }
        if !yes {
            guard Terminal.isInteractive else { throw HistoryError.removeNeedsYes }
            // One question, answered with a line: anything but yes keeps the sit.
            StandardStream.write(
                HistoryLine.said(.historyRemoveAsk, found) + localized(" [y/N] ", de: " [j/N] "), to: STDOUT_FILENO)
            let answer = (readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            guard ["y", "yes", "j", "ja"].contains(answer) else {
                print(say(.historyKept))
                return
            }
        }
        guard let removed = try database.remove(id: id) else { throw HistoryError.noSuchSit(sit.description) }
        print(HistoryLine.said(.historyRemoved, removed))
    }
}
