/// The native format of a decoded file, before conversion to the engine format.
public struct SourceFormat: Sendable, Equatable {
    public var sampleRate: Int
    public var channels: Int
    /// Channels a file may have: 7.1 surround is the largest layout anyone plays; a header
    /// that claims more (a damaged WAV's 255) is not audio this program plays.
    public static let channelRange = 1...8
    /// Rates a file may have; a header beyond them is damaged.
    public static let sampleRateRange = 1000...768_000
    /// The longest source this program reads: 48 hours. Lengths from a header are checked
    /// against it before any arithmetic or allocation uses them.
    public static let maxSeconds = 48 * 3600

    /// `maxSeconds` at this format's rate.
    public var maxFrames: Int { Self.maxSeconds * sampleRate }

    public init(sampleRate: Int, channels: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
    }
}
