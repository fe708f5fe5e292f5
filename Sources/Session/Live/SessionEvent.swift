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
