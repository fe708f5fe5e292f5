/// One device's version of one thing on a `SyncedShelf`: what it is now (`value`), or that it
/// was removed (`value` nil), with when and where that was decided.
public struct SyncedVersion<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    /// The thing's name on the shelf (a preset's name, a schedule's UUID): its file's name.
    public let key: String
    /// The device that wrote it (the folder it is in) and that device's host name.
    public let device: String
    public let host: String
    /// Seconds since 1970 when it was decided; the greatest wins.
    public let changed: Double
    /// Nil: removed.
    public let value: Value?

    public init(key: String, device: String, host: String, changed: Double, value: Value?) {
        self.key = key
        self.device = device
        self.host = host
        self.changed = changed
        self.value = value
    }

    /// Whether it wins over `other`, a version of the same key: a later change, or at the same
    /// instant the greater device id, so that every device, reading the files in any order,
    /// picks the same one.
    public func wins(over other: SyncedVersion) -> Bool {
        changed != other.changed ? changed > other.changed : device > other.device
    }
}
