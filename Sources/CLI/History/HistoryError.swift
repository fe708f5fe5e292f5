import Foundation
import Library
import Localization
import Settings

/// A history file or a date range that cannot be used, in one line.
enum HistoryError: LocalizedError, Equatable {
    case csv(path: String, line: Int, reason: String)
    case unreadable(path: String, reason: String)
    case emptyRange(from: String, to: String)
    case noSuchSit(String)
    /// A note longer than a note holds: its line (`SitRequest.remarkRefusal`).
    case remarkTooLong(line: String)
    case nothingToEdit
    case removeNeedsYes
    case badInstant(String)
    case alreadyThere

    var errorDescription: String? {
        switch self {
        case let .csv(path, line, reason): return "\(path):\(line): \(reason)"
        case let .unreadable(path, reason):
            return localized("cannot read \(path): \(reason)", de: "kann \(path) nicht lesen: \(reason)")
        case let .emptyRange(from, to):
            return localized("--from \(from) is after --to \(to)", de: "--from \(from) liegt nach --to \(to)")
        case let .noSuchSit(id):
            return localized(
                "no sit \(id) in the history; `meditate history` shows each sit's number",
                de: "keine Sitzung \(id) im Protokoll; `meditate history` zeigt die Nummer jeder Sitzung")
        case let .remarkTooLong(line): return line
        case .nothingToEdit:
            return localized(
                "history edit: give --at, --minutes or --note", de: "history edit: gib --at, --minutes oder --note an")
        case .removeNeedsYes:
            return localized(
                "history remove: no terminal to ask in; give --yes to remove it",
                de: "history remove: kein Terminal zum Nachfragen; gib --yes an, um sie zu entfernen")
        case let .badInstant(text):
            return localized(
                "'\(text)' is not a value for '--at <yyyy-mm-ddThh:mm>'",
                de: "'\(text)' ist kein Wert für '--at <yyyy-mm-ddThh:mm>'")
        case .alreadyThere:
            return localized(
                "that sit is in the history already", de: "diese Sitzung steht schon im Protokoll")
        }
    }
}
