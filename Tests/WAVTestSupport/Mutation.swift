// Shared by the mutation tests of the decoders and of the CLI's own file formats.
/// SplitMix64: a fixed seed gives the same mutants on every machine, so a failure here is a
/// failure in CI too.
public struct SplitMix64 {
    public var state: UInt64
    public init(state: UInt64) { self.state = state }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    public mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }
}

/// Byte-level mutations as a fuzzer makes them: flipped bits, interesting values, lengths set
/// to their extremes, cuts, repeats and insertions.
public func mutate(_ input: [UInt8], with random: inout SplitMix64) -> [UInt8] {
    var bytes = input
    for _ in 0..<(1 + random.below(4)) {
        guard !bytes.isEmpty else { return bytes }
        let at = random.below(bytes.count)
        switch random.below(7) {
        case 0: bytes[at] ^= UInt8(1 << random.below(8))
        case 1: bytes[at] = [0, 0xFF, 0x7F, 0x80, 0x01][random.below(5)]
        case 2:
            // A 32-bit field (a chunk size, a frame count) at its extremes.
            let value: [UInt8] = [[0xFF, 0xFF, 0xFF, 0xFF], [0xFF, 0xFF, 0xFF, 0x7F], [0, 0, 0, 0x80], [0, 0, 0, 0]][
                random.below(4)]
            for k in 0..<4 where at + k < bytes.count { bytes[at + k] = value[k] }
        case 3: bytes.removeSubrange(at...)
        case 4:
            let length = min(bytes.count - at, 1 + random.below(512))
            bytes.insert(contentsOf: bytes[at..<(at + length)], at: at)
        case 5:
            bytes.insert(
                contentsOf: (0..<(1 + random.below(64))).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: at)
        default: bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.below(256)))
        }
    }
    return bytes
}
