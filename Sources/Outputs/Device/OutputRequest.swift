/// What to open: the backend, a device name in that backend's terms, and the buffer to ask for.
public struct OutputRequest: Sendable {
    public var backend: OutputBackend
    /// A PulseAudio sink, an ALSA PCM name or snapserver's FIFO; nil for the default.
    public var device: String?
    public var sampleRate: Int
    /// The device buffer to ask for; the device may grant another, reported in `summary`.
    public var latencyMilliseconds: Int
    /// The name other programs show for our stream (PulseAudio's `media.name`): the session.
    public var streamName: String
    /// Snapcast's `buffer`: how long after snapserver takes a frame its clients play it.
    public var snapcastBufferMilliseconds: Int

    public init(
        backend: OutputBackend = .auto, device: String? = nil, sampleRate: Int,
        latencyMilliseconds: Int = 100, streamName: String = "meditate",
        snapcastBufferMilliseconds: Int = SnapcastOutput.defaultServerBufferMilliseconds
    ) {
        self.backend = backend
        self.device = device
        self.sampleRate = sampleRate
        self.latencyMilliseconds = latencyMilliseconds
        self.streamName = streamName
        self.snapcastBufferMilliseconds = snapcastBufferMilliseconds
    }
}
