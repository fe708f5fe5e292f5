/// Four independent xoshiro256+ generators stepped together in SIMD lanes: the same quality as
/// one, four times the throughput, since one generator's steps depend on each other and leave
/// the CPU idle. The lanes are seeded from one seed through SplitMix64, so a seed still names
/// one reproducible stream.
public struct Xoshiro256PlusX4: Sendable {
    @usableFromInline var s0, s1, s2, s3: SIMD4<UInt64>
    /// The rotation's shifts, one scalar read from memory each rather than constants: LLVM turns
    /// constant shifts into a rotate, which SSE2 lacks, and then rotates the four lanes one by
    /// one in general registers (a vector of amounts is no better: it shifts lane by lane).
    @usableFromInline let rotateLeft: UInt64 = 45
    @usableFromInline let rotateRight: UInt64 = 19

    /// Thread: control (made before the render thread has it).
    public init(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        /// Thread: render.
        func lanes() -> SIMD4<UInt64> { SIMD4(generator.next(), generator.next(), generator.next(), generator.next()) }
        s0 = lanes()
        s1 = lanes()
        s2 = lanes()
        s3 = lanes()
    }

    /// Thread: render.
    @inlinable @inline(__always)
    public mutating func next() -> SIMD4<UInt64> {
        let result = s0 &+ s3
        let t = s1 &<< 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = (s3 &<< SIMD4(repeating: rotateLeft)) | (s3 &>> SIMD4(repeating: rotateRight))
        return result
    }

    /// Eight uniform values in [-1, 1), as four interleaved stereo frames (L, R, L, R, …): each
    /// lane's two 32-bit halves are one frame. A half shifted right by 9 leaves 23 bits, the
    /// mantissa of a float in [2, 4), shifted down by 3 — exact, no int-to-float conversion, and
    /// all in 32-bit lanes, which SSE2 shifts in one instruction each. The left sample takes bits
    /// 9–31, above the few lowest bits whose linear complexity xoshiro256+'s sum leaves low; the
    /// right takes the top 23 bits.
    /// Thread: render.
    @inlinable @inline(__always)
    public mutating func nextFrames() -> SIMD8<Float> {
        let halves = unsafeBitCast(next(), to: SIMD8<UInt32>.self)
        let exponentOfTwo = SIMD8<UInt32>(repeating: 0x4000_0000)
        let inTwoToFour = unsafeBitCast((halves &>> 9) | exponentOfTwo, to: SIMD8<Float>.self)
        return inTwoToFour - SIMD8<Float>(repeating: 3)
    }
}
