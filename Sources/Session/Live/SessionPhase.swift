/// Where a live session is, as a person sees it.
public enum SessionPhase: String, Sendable, Equatable {
    /// The guided track is playing.
    case playing
    case countdown
    case sitting
    case paused
    case complete
    /// Ended before the completion gong (`q`, Ctrl-C, SIGTERM).
    case ended
}

/// What a live session reports as the device's clock passes it, for logs and the status line.
public enum SessionEvent: Sendable, Equatable {
    case countdown(seconds: Double)
    /// A gong's first strike was played.
    case gong(SessionPlan.Gong)
    case paused
    case resumed
    /// The guided track was moved (a seek) and plays from this session frame.
    case moved(toFrame: Int)
    /// The guided track's last frame was played.
    case trackEnded
    case endedEarly
}

/// A snapshot of a live session, taken from the frames the device has played.
public struct LiveStatus: Sendable, Equatable {
    public var phase: SessionPhase
    /// The session frame the device is playing (stands still while paused).
    public var sessionFrame: Int
    /// Frames left until the completion gong (0 after it).
    public var remainingFrames: Int
    /// The next gong still to ring, if any.
    public var nextGong: SessionPlan.Gong?
    /// Frames of practice played: the guided track's position, and the sit from its start gong.
    public var satFrames: Int

    public init(phase: SessionPhase, sessionFrame: Int, remainingFrames: Int, nextGong: SessionPlan.Gong?,
                satFrames: Int) {
        self.phase = phase
        self.sessionFrame = sessionFrame
        self.remainingFrames = remainingFrames
        self.nextGong = nextGong
        self.satFrames = satFrames
    }
}
