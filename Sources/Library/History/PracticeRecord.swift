import Foundation

/// One line of a device's history file: a sit as it is now (when it began, was sat, was
/// changed), or its deletion. A sit is known on every device by its UUID; of two lines naming
/// one UUID the one changed last counts, so an edit or a deletion is a new line, and no file is
/// ever written by two devices.
public struct PracticeRecord: Codable, Sendable, Equatable {
    /// The sit's own name, the same on every device.
    public var uuid: String
    /// The device the sit was sat on (its `device-id`), and that device's host name for people.
    public var device: String
    public var host: String
    /// When this line was written, seconds since 1970: the later of two lines counts.
    public var changed: Double
    /// A deletion: the sit is no longer in the history.
    public var removed: Bool?
    public var startedAt: Double?
    public var kind: String?
    public var note: String?
    public var plannedSeconds: Int?
    public var satSeconds: Int?
    public var completed: Bool?
    /// Still running where it is sat (its device writes the outcome at the end).
    public var running: Bool?
    public var remark: String?
    public var track: String?

    /// The line of `session` as it is now.
    public init(_ session: PracticeSession, uuid: String, device: String, host: String, changed: Double) {
        self.uuid = uuid
        self.device = device
        self.host = host
        self.changed = changed
        startedAt = session.startedAt
        kind = session.kind.rawValue
        note = session.note
        plannedSeconds = session.plannedSeconds
        satSeconds = session.satSeconds
        completed = session.completed
        running = session.running ? true : nil
        remark = session.remark
        track = session.track
    }

    /// The line that takes the sit `uuid` out of the history.
    public init(removing uuid: String, device: String, host: String, changed: Double) {
        self.uuid = uuid
        self.device = device
        self.host = host
        self.changed = changed
        removed = true
    }

    public var isRemoval: Bool { removed == true }

    /// The sit this line holds, when it holds a whole and sensible one: every number from a
    /// file that another machine wrote is checked before it is used.
    public var session: PracticeSession? {
        guard !isRemoval, let startedAt, startedAt.isFinite, abs(startedAt) < 1e11,
            let kind = kind.flatMap(PracticeSession.Kind.init(rawValue:)),
            let plannedSeconds, let satSeconds, (0...Self.mostSeconds).contains(plannedSeconds),
            (0...Self.mostSeconds).contains(satSeconds), let completed
        else { return nil }
        // Words from another machine's file are capped as `history add` caps a note.
        return PracticeSession(
            startedAt: startedAt, kind: kind, note: Self.capped(note, Self.longestNote),
            plannedSeconds: plannedSeconds, satSeconds: satSeconds, completed: completed,
            remark: Self.capped(remark, Self.longestRemark), track: Self.capped(track, Self.longestTrack),
            running: running == true, uuid: uuid, device: device, host: host)
    }

    /// Whether the line names a sit and a device as meditate writes them (checked before use).
    public var isWellFormed: Bool {
        PracticeSession.validUUID(uuid) && DeviceIdentity.valid(device) == device && changed.isFinite
            && abs(changed) < 1e11 && host.utf8.count <= 255
    }

    /// How far ahead of this machine's clock a line's change may be dated (another device's
    /// clock may be ahead); a later date is read as now and this.
    static let clockTolerance = 600.0

    /// The most characters of a line's words: a remark as `--note` takes it, a track's title or
    /// path, and the description (a sit's words as message parts, one per segment and sound:
    /// long for a sit of many rounds, never this long).
    static let longestRemark = 2000
    static let longestNote = 65536
    public static let longestTrack = 4096

    private static func capped(_ text: String?, _ longest: Int) -> String {
        guard let text else { return "" }
        // Characters, as `--note` counts them: a remark it took whole is read whole.
        return text.count <= longest ? text : String(text.prefix(longest))
    }

    /// A week: no sit is longer (a sleep sound may run all night). Its words are bounded by
    /// the length of a line the merge reads (`JournalLimits.lineBytes`).
    static let mostSeconds = 7 * 24 * 3600
}
