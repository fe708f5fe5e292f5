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

    public init(
        id: Int64? = nil, startedAt: Double, kind: Kind, note: String, plannedSeconds: Int,
        satSeconds: Int, completed: Bool, remark: String = "", track: String = ""
    ) {
        self.remark = remark
        self.track = track
        self.id = id
        self.startedAt = startedAt
        self.kind = kind
        self.note = note
        self.plannedSeconds = plannedSeconds
        self.satSeconds = satSeconds
        self.completed = completed
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
