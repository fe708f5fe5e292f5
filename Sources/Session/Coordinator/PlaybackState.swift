/// Where one source is. The timer goes idle → countdown → sitting → complete; guided playback
/// goes idle → playing → complete; either can be paused (keeping its position) and resumed.
public enum PlaybackState: String, Sendable, Codable, CaseIterable {
    case idle
    case countdown
    case sitting
    case playing
    case paused
    case complete
}
