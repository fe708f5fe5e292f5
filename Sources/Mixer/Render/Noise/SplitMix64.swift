/// Steele, Lea and Flood's SplitMix64: a small generator whose sequence is fixed by its seed on
/// every machine and Swift version (unlike `random(in:using:)`, whose way of drawing a range
/// is not promised): the seeds of the noise generators, the sea's swell, a sit's random bells.
/// No allocation: usable on the render thread.
public struct SplitMix64: Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
