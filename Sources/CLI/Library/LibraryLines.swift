import Library
import Localization
import Settings

extension ImportOutcome {
    /// One line for the person importing.
    var line: String {
        switch self {
        case let .imported(track):
            localized(
                "imported #\(track.id ?? 0) \(track.shownTeacher) — \(track.title)",
                de: "importiert #\(track.id ?? 0) \(track.shownTeacher) — \(track.title)")
        case let .unchanged(track):
            localized("unchanged #\(track.id ?? 0) \(track.title)", de: "unverändert #\(track.id ?? 0) \(track.title)")
        case let .moved(track, from):
            localized(
                "found again #\(track.id ?? 0) \(track.title) (moved from '\(from)')",
                de: "wiedergefunden #\(track.id ?? 0) \(track.title) (verschoben von '\(from)')")
        case let .updated(track):
            localized(
                "updated #\(track.id ?? 0) \(track.title) (the file changed)",
                de: "aktualisiert #\(track.id ?? 0) \(track.title) (die Datei hat sich geändert)")
        case let .duplicate(track, path):
            localized(
                "skipped '\(path)': the same audio as #\(track.id ?? 0) \(track.title)",
                de: "übersprungen '\(path)': derselbe Ton wie #\(track.id ?? 0) \(track.title)")
        case let .failed(_, error): Self.skipped(because: ErrorMessages.line(for: error))
        }
    }

    private static func skipped(because reason: String) -> String {
        localized("skipped \(reason)", de: "übersprungen: \(reason)")
    }

    /// What kind of outcome this is, for the summary.
    var kind: ImportOutcomeKind {
        switch self {
        case .imported: .imported
        case .updated: .updated
        case .moved: .foundAgain
        case .unchanged: .unchanged
        case .duplicate: .duplicate
        case .failed: .skipped
        }
    }
}

/// The summary of an import counts outcomes by kind, in this order: "3 imported, 1 skipped".
enum ImportOutcomeKind: CaseIterable {
    case imported, updated, foundAgain, unchanged, duplicate, skipped

    var word: String {
        switch self {
        case .imported: localized("imported", de: "importiert")
        case .updated: localized("updated", de: "aktualisiert")
        case .foundAgain: localized("found again", de: "wiedergefunden")
        case .unchanged: localized("unchanged", de: "unverändert")
        case .duplicate: localized("duplicate", de: "doppelt")
        case .skipped: localized("skipped", de: "übersprungen")
        }
    }
}

extension TrackProblem {
    var line: String {
        let name = "#\(track.id ?? 0) \(track.title)"
        return switch kind {
        case .missing: localized("\(name): missing ('\(track.path)')", de: "\(name): fehlt ('\(track.path)')")
        case .changed:
            localized(
                "\(name): changed since import ('\(track.path)'); import it again",
                de: "\(name): seit dem Import geändert ('\(track.path)'); importiere sie erneut")
        case .unreadable:
            localized("\(name): cannot be read ('\(track.path)')", de: "\(name): nicht lesbar ('\(track.path)')")
        }
    }
}
