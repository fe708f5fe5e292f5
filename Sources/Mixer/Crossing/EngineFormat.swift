/// The one format every voice is rendered in: interleaved stereo Float32 at `sampleRate`.
public struct EngineFormat: Sendable, Hashable {
    /// Frames per second; 48 kHz unless configured.
    public let sampleRate: Int
    /// Always two: mono sources are duplicated before they reach the mixer.
    public static let channels = 2

    public static let standard = EngineFormat(sampleRate: 48_000)

    public init(sampleRate: Int) {
        precondition(sampleRate > 0, "a sample rate is positive")
        self.sampleRate = sampleRate
    }

    /// Frames in `milliseconds`, rounded to the nearest frame.
    public func frames(milliseconds: Int) -> Int {
        (milliseconds * sampleRate + 500) / 1000
    }
}
