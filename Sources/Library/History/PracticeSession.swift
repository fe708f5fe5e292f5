import GRDB

/// One sit in the practice history: a live timer session, a guided playback, or an entry
/// imported from a CSV file.
public struct PracticeSession: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "practice"

    public enum Kind: String, Codable, Sendable, CaseIterable {
        case timer, guided, imported
        /// A sound to fall asleep to (`meditate sleep`): kept in the history, counted in no total or streak.
        case sleep
        /// Added by hand (`history add`): a sit done without the machine.
        case manual
    }

    public var id: Int64?
    /// When it started, seconds since 1970 (a number, not a date: no calendar is needed to read it).
    public var startedAt: Double
    public var kind: Kind
    /// What was sat: the plan ("20 min, bells every 5 min, pink noise"), the track, or an imported note.
    public var note: String
    public var plannedSeconds: Int
    /// Time sat, counted also when the session ended early.
    public var satSeconds: Int
    public var completed: Bool
    /// What the sitter wrote of it (what arose): "" when nothing.
    public var remark: String
    /// The content hash of the library track a guided sit played ("" for any other): what a
    /// course's progress is read from, the same on every device the history reaches.
    public var track: String
    /// Still being sat where it is sat: the service writes its time as it goes.
    public var running: Bool
    /// Its name on every device (a UUID), nil until the history has given it one.
    public var uuid: String?
    /// The device it was sat on (its `device-id`) and that device's host name: "" when not known.
    public var device: String
    public var host: String

    public init(
        id: Int64? = nil, startedAt: Double, kind: Kind, note: String, plannedSeconds: Int,
        satSeconds: Int, completed: Bool, remark: String = "", track: String = "", running: Bool = false,
        uuid: String? = nil, device: String = "", host: String = ""
    ) {
        self.remark = remark
        self.track = track
        self.running = running
        self.uuid = uuid
        self.device = device
        self.host = host
        self.id = id
        self.startedAt = startedAt
        self.kind = kind
        self.note = note
        self.plannedSeconds = plannedSeconds
        self.satSeconds = satSeconds
        self.completed = completed
    }

    private enum CodingKeys: String, CodingKey {
        case id, startedAt, kind, note, plannedSeconds, satSeconds, completed, remark, track, running, uuid, device
        case host
    }

    /// Read as every version wrote it: a record a stopped service left unwritten (JSON, beside
    /// its socket) may be older than the members that came later.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int64.self, forKey: .id)
        startedAt = try container.decode(Double.self, forKey: .startedAt)
        kind = try container.decode(Kind.self, forKey: .kind)
        note = try container.decode(String.self, forKey: .note)
        plannedSeconds = try container.decode(Int.self, forKey: .plannedSeconds)
        satSeconds = try container.decode(Int.self, forKey: .satSeconds)
        completed = try container.decode(Bool.self, forKey: .completed)
        remark = try container.decodeIfPresent(String.self, forKey: .remark) ?? ""
        track = try container.decodeIfPresent(String.self, forKey: .track) ?? ""
        running = try container.decodeIfPresent(Bool.self, forKey: .running) ?? false
        uuid = try container.decodeIfPresent(String.self, forKey: .uuid)
        device = try container.decodeIfPresent(String.self, forKey: .device) ?? ""
        host = try container.decodeIfPresent(String.self, forKey: .host) ?? ""
    }

    /// A UUID as meditate writes it: 36 characters, lowercase hex in 8-4-4-4-12.
    public static func validUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        return bytes.indices.allSatisfy { index in
            [8, 13, 18, 23].contains(index)
                ? bytes[index] == UInt8(ascii: "-")
                : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(bytes[index])
        }
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
