/// One segment of a plan as frames: where it begins (its transition gong, or the start gong)
/// and ends, and how its bed fades.
public struct PlannedSegment: Sendable, Equatable {
    public let kind: SegmentKind
    /// Its place in the session, from 0.
    public let index: Int
    public let startFrame: Int
    /// One past its last frame: the next segment's start, or the completion gong.
    public let endFrame: Int
    /// A sit's bed rises over this many frames from its start and falls over as many ending at
    /// its end: 5 s, or a third of a short segment.
    public let fadeFrames: Int
    /// How its bed falls at its end: `fadeFrames`, or for the sit's last segment the fade-out
    /// asked for (`fadeOutSeconds`), at most what is left after the rise.
    public let fadeOutFrames: Int

    public var frames: Int { endFrame - startFrame }
}
