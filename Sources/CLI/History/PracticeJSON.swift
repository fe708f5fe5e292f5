import ArgumentParser
import Foundation
import Library
import Practice
import Settings

/// The history as JSON, for scripts.
enum PracticeJSON {
    private struct Entry: Encodable {
        let date: String
        let kind: String
        let note: String
        let plannedSeconds: Int
        let satSeconds: Int
        let completed: Bool
    }

    static func format(_ sessions: [PracticeSession], timeZone: TimeZone) throws -> String {
        let entries = sessions.map {
            Entry(
                date: PracticeDate.iso($0.startedAt, in: timeZone), kind: $0.kind.rawValue,
                note: NoteText.readable($0.note),
                plannedSeconds: $0.plannedSeconds, satSeconds: $0.satSeconds, completed: $0.completed)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(entries), as: UTF8.self)
    }
}
