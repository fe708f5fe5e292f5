import ArgumentParser
import Foundation
import Library
import Practice
import Settings

/// The history as JSON, for scripts.
enum PracticeJSON {
    private struct Entry: Encodable {
        let id: Int64
        let date: String
        let kind: String
        let note: String
        let plannedSeconds: Int
        let satSeconds: Int
        let completed: Bool
        /// The sit's own note (`--note`), when it has one.
        let remark: String?
    }

    static func format(_ sessions: [PracticeSession], timeZone: TimeZone) throws -> String {
        let entries = sessions.map {
            Entry(
                id: $0.id ?? 0, date: PracticeDate.iso($0.startedAt, in: timeZone), kind: $0.kind.rawValue,
                note: NoteText.readable($0.note),
                plannedSeconds: $0.plannedSeconds, satSeconds: $0.satSeconds, completed: $0.completed,
                remark: $0.remark.isEmpty ? nil : $0.remark)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(entries), as: UTF8.self)
    }
}
