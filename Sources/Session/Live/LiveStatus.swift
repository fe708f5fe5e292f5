/// A snapshot of a live session, taken from the frames the device has played.
public struct LiveStatus: Sendable, Equatable {
    public var phase: SessionPhase
    /// The session frame the device is playing (stands still while paused).
    public var sessionFrame: Int
    /// Frames left until the completion gong (0 after it).
    public var remainingFrames: Int
    /// The next gong still to ring that a person is told of (random bells keep their moments
    /// to themselves), if any.
    public var nextGong: SessionPlan.Gong?
    /// Frames of practice played: the guided track's position, and the sit from its start gong.
    public var satFrames: Int
    /// In a session of segments (sitting and walking), the one playing.
    public var segment: SegmentStatus?

    public init(
        phase: SessionPhase, sessionFrame: Int, remainingFrames: Int, nextGong: SessionPlan.Gong?,
        satFrames: Int, segment: SegmentStatus? = nil
    ) {
        self.phase = phase
        self.sessionFrame = sessionFrame
        self.remainingFrames = remainingFrames
        self.nextGong = nextGong
        self.satFrames = satFrames
        self.segment = segment
    }
}
