/// A bell rung alone (by hand, or on the clock): where its first strike lands, how many
/// strikes, how loud. Checked as a sit's gong options are.
public struct SoloBell: Sendable, Equatable {
    public let frame: Int
    public let strikes: Int
    public let volume: Float

    public init(frame: Int, strikes: Int, volume: Float) throws(SessionPlanError) {
        guard SessionConfiguration.strikeRange.contains(strikes) else { throw .strikesOutOfRange(strikes) }
        guard (0...1).contains(volume) else { throw .volumeOutOfRange(name: "gong-volume", value: volume) }
        self.frame = max(0, frame)
        self.strikes = strikes
        self.volume = volume
    }
}
