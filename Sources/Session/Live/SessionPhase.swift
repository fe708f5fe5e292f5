/// Where a live session is, as a person sees it.
public enum SessionPhase: String, Sendable, Equatable {
    /// The guided track is playing.
    case playing
    case countdown
    case sitting
    /// Walking between two sits (a segment of kind walk).
    case walking
    case paused
    case complete
    /// Ended before the completion gong (`q`, Ctrl-C, SIGTERM).
    case ended
}
