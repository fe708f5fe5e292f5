import CALSA
import CPulse

/// A device a backend offers, as `meditate devices` lists it.
public struct OutputDevice: Sendable, Equatable {
    public var name: String
    public var description: String
    /// What plays when no --device is named.
    public var isDefault = false
    /// A device that plays to a sound card or server; not a converter, a filter or a null sink,
    /// which `meditate devices` lists only with --all.
    public var isOutput = true
    /// The sound server that plays it, as that server names itself with its version: "PulseAudio
    /// 16.1", or "PulseAudio (on PipeWire 0.3.65)" where pipewire-pulse serves; empty for ALSA.
    public var server = ""

    public init(name: String, description: String, isDefault: Bool = false, isOutput: Bool = true) {
        self.name = name
        self.description = description
        self.isDefault = isDefault
        self.isOutput = isOutput
    }
}
