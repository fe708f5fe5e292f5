/// The sound systems meditate can play through.
public enum OutputBackend: String, CaseIterable, Sendable {
    /// PulseAudio when a server answers (PipeWire's pulse server too), else ALSA `default`.
    case auto
    case pulse
    case alsa
    /// A Snapcast server's pipe source: every room its clients are in. Never chosen by `auto`.
    case snapcast
}
