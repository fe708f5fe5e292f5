import Foundation
import Localization
import Settings

/// A history file or a date range that cannot be used, in one line.
enum HistoryError: LocalizedError, Equatable {
    case csv(path: String, line: Int, reason: String)
    case unreadable(path: String, reason: String)
    case emptyRange(from: String, to: String)

    var errorDescription: String? {
        switch self {
        case let .csv(path, line, reason): return "\(path):\(line): \(reason)"
        case let .unreadable(path, reason):
            return localized("cannot read \(path): \(reason)", de: "kann \(path) nicht lesen: \(reason)")
        case let .emptyRange(from, to):
            return localized("--from \(from) is after --to \(to)", de: "--from \(from) liegt nach --to \(to)")
        }
    }
}
