/// What a desktop asks of the player through MPRIS: its media keys, the shell's controls,
/// `playerctl`. Carried out by the player's owner (the live runner's loop, the service).
public enum MediaPlayerCommand: Equatable, Sendable {
    case play
    case pause
    case playPause
    case stop
    /// Seek: forward (back when negative) by this many seconds.
    case seek(bySeconds: Double)
    /// SetPosition: to this many seconds into the session.
    case seekTo(seconds: Double)
}
