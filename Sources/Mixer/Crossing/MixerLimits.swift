/// Limits fixed when a mixer is made, so that the render side never allocates.
public struct MixerLimits: Sendable {
    /// Voices that can play at once.
    public var maxVoices = 64
    /// The largest block one `render` call renders in a single pass (larger calls loop).
    public var maxBlockFrames = 4096
    /// Commands queued towards the render side, and held there until their frame.
    public var commandCapacity = 512
    /// The loudest sample the mix may hand out (`PeakCeiling`); nil leaves the sum as it is
    /// (for a test that compares with the mix beneath the ceiling).
    public var peakCeiling: Float? = PeakCeiling.defaultCeiling
    public init() {}
}
