/// Makes the two sides of one mixer.
public enum Mixer {
    /// Limits fixed at creation, so that the render side never allocates.
    public struct Limits: Sendable {
        /// Voices that can play at once.
        public var maxVoices = 64
        /// The largest block one `render` call renders in a single pass (larger calls loop).
        public var maxBlockFrames = 4096
        /// Commands queued towards the render side, and held there until their frame.
        public var commandCapacity = 512
        public init() {}
    }

    /// A control side and its render side, connected by lock-free queues.
    public static func make(format: EngineFormat, limits: Limits = Limits())
        -> (controller: MixerController, renderer: MixerRenderer) {
        let channel = MixerChannel(commandCapacity: limits.commandCapacity, maxVoices: limits.maxVoices)
        return (MixerController(channel: channel, format: format),
                MixerRenderer(channel: channel, format: format, limits: limits))
    }
}
