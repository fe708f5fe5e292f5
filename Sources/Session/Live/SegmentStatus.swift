/// Where a session of segments is: which one plays, how long it has left, and what comes after
/// it (`walking · 7:12 left · then sit 25:00`).
public struct SegmentStatus: Sendable, Equatable {
    public let kind: SegmentKind
    /// From 0.
    public let index: Int
    public let count: Int
    public let remainingFrames: Int
    /// The next segment's kind and length, when there is one.
    public let next: (kind: SegmentKind, frames: Int)?

    public init(
        kind: SegmentKind, index: Int, count: Int, remainingFrames: Int, next: (kind: SegmentKind, frames: Int)?
    ) {
        self.kind = kind
        self.index = index
        self.count = count
        self.remainingFrames = remainingFrames
        self.next = next
    }

    public static func == (a: SegmentStatus, b: SegmentStatus) -> Bool {
        a.kind == b.kind && a.index == b.index && a.count == b.count && a.remainingFrames == b.remainingFrames
            && a.next?.kind == b.next?.kind && a.next?.frames == b.next?.frames
    }
}
