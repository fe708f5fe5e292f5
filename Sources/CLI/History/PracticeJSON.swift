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
        /// Its name on every device; `id` is this device's number of it, for `history edit`
        /// and `remove`.
        let uuid: String?
        /// The device it was sat on, as `history` names it: only where the history holds sits
        /// of more than one.
        let device: String?
        /// The content hash of the track a guided sit played, when one did.
        let track: String?
    }

    /// - Parameter devices: the names of the history's devices by id (`practiceDevices`).
    static func format(
        _ sessions: [PracticeSession], timeZone: TimeZone, devices: [String: String] = [:]
    ) throws -> String {
        guard !sessions.isEmpty else { return try encoded([Entry]()) }
        return "[\n" + (try members(sessions, timeZone: timeZone, devices: devices)) + "\n]"
    }

    /// The members of the array `format` writes, as it writes them, without the brackets:
    /// an export writes "[", each batch's members after ",\n", and "]", so that a million sits
    /// are never in memory at once and the text is the same as the whole array's.
    static func members(
        _ sessions: [PracticeSession], timeZone: TimeZone, devices: [String: String] = [:]
    ) throws -> String {
        let entries = sessions.map {
            Entry(
                id: $0.id ?? 0, date: PracticeDate.iso($0.startedAt, in: timeZone), kind: $0.kind.rawValue,
                note: NoteText.readable($0.note),
                plannedSeconds: $0.plannedSeconds, satSeconds: $0.satSeconds, completed: $0.completed,
                remark: $0.remark.isEmpty ? nil : $0.remark, uuid: $0.uuid,
                device: devices.count > 1 ? devices[$0.device] : nil, track: $0.track.isEmpty ? nil : $0.track)
        }
        let array = try encoded(entries)
        // "[\n" + members + "\n]": the array's own indentation kept.
        guard array.hasPrefix("[\n"), array.hasSuffix("\n]") else { return array }
        return String(array.dropFirst(2).dropLast(2))
    }

    private static func encoded(_ entries: [Entry]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(entries), as: UTF8.self)
    }
}
