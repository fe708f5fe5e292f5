/// What a voice plays.
public enum VoiceSource: Sendable {
    /// A preloaded sound played once from its first frame.
    case sample(SampleBuffer)
    /// A stream filled by a decoder thread; the voice ends when the stream ends.
    case stream(StreamSource)
    /// Endless noise of a colour, reproducible from its seed.
    case noise(NoiseColor, seed: UInt64)
}

/// Identifies a voice across the control and render sides.
public struct VoiceID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public var description: String { "voice \(rawValue)" }
}

/// The mixer's buses: every voice plays on one, and each has its own gain.
public enum Bus: Int, Sendable, CaseIterable {
    case gongs = 0
    case noise = 1
    case guided = 2
}
