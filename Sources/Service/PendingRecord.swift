import Foundation
import Library

/// A write to the practice history that could not be made (a full disk): kept as data, so that
/// what is still unwritten when the service stops can wait in the runtime folder (a tmpfs, with
/// room when the data disk has none) and be written at the next start.
enum PendingRecord: Codable, Equatable {
    /// A sit's row, written when it started: its outcome, and the length of an open-ended sit,
    /// which is known only now (nil: as written at the start; absent in files of older versions).
    case outcome(id: Int64, satSeconds: Int, completed: Bool, plannedSeconds: Int? = nil)
    /// A whole row, when none could be written at the start either.
    case session(PracticeSession)

    func write(to database: LibraryDatabase) throws {
        switch self {
        case let .outcome(id, satSeconds, completed, plannedSeconds):
            try database.update(
                running: id, satSeconds: satSeconds, completed: completed, finished: true,
                plannedSeconds: plannedSeconds)
        case let .session(practice):
            _ = try database.record(practice)
        }
    }

    /// Where what is unwritten waits between a stop and the next start: beside the socket.
    static func file(besideSocket socket: String) -> String {
        (socket as NSString).deletingLastPathComponent + "/unwritten-records.json"
    }

    /// A file of at most this many bytes is read back: 64 records of a few hundred bytes.
    static let mostFileBytes = 256 * 1024

    /// Saves `records` for the next start (mode 0600), or removes the file when there are none.
    static func save(_ records: [PendingRecord], besideSocket socket: String) throws {
        let path = file(besideSocket: socket)
        guard !records.isEmpty else {
            try? FileManager.default.removeItem(atPath: path)
            return
        }
        let data = try JSONEncoder().encode(records)
        guard FileManager.default.createFile(atPath: path, contents: data, attributes: [.posixPermissions: 0o600])
        else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }

    /// What a stopped service left unwritten, and the file gone; none when there is no file, or
    /// it cannot be read as records (too large, damaged: it is left, and said to be).
    static func takeSaved(besideSocket socket: String) throws -> [PendingRecord] {
        let path = file(besideSocket: socket)
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        guard let size = attributes[.size] as? Int, size <= mostFileBytes else {
            throw CocoaError(.fileReadTooLarge, userInfo: [NSFilePathErrorKey: path])
        }
        let records = try JSONDecoder().decode([PendingRecord].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        try FileManager.default.removeItem(atPath: path)
        return records
    }
}
