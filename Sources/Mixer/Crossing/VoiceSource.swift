/// What a voice plays.
public enum VoiceSource: Sendable {
    /// A preloaded sound played once from its first frame.
    case sample(SampleBuffer)
    /// A stream filled by a decoder thread; the voice ends when the stream ends.
    case stream(StreamSource)
    /// Endless noise of a colour, reproducible from its seed.
    case noise(NoiseColor, seed: UInt64)
}
