import Outputs

/// Something the output thread did on its own that the person should hear of; the CLI words it.
public enum LiveNotice: Equatable, Sendable {
    /// The device failed mid-stream; it is being opened again.
    case reopening(after: OutputError)
    /// Playback goes on, on this device (its summary).
    case playingOn(String)
    /// Nothing opens yet: the session stands still and waits for an output, up to this long.
    case waiting(limitSeconds: Int)
    /// Paused this long, the device was closed; it is opened again on resume.
    case closedWhilePaused(seconds: Int)
}
