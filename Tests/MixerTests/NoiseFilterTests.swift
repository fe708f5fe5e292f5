import Testing
@testable import Mixer

@Suite("Noise filters")
struct NoiseFilterTests {
    /// Paul Kellet's refined pink filter for one channel, written out sample by sample as he
    /// published it: the reference the two-channel SIMD filter must reproduce.
    struct ReferencePink {
        var b0: Float = 0, b1: Float = 0, b2: Float = 0, b3: Float = 0, b4: Float = 0, b5: Float = 0, b6: Float = 0

        mutating func next(_ white: Float) -> Float {
            b0 = 0.99886 * b0 + white * 0.0555179
            b1 = 0.99332 * b1 + white * 0.0750759
            b2 = 0.96900 * b2 + white * 0.1538520
            b3 = 0.86650 * b3 + white * 0.3104856
            b4 = 0.55000 * b4 + white * 0.5329522
            b5 = -0.7616 * b5 - white * 0.0168980
            let pink = b0 + b1 + b2 + b3 + b4 + b5 + b6 + white * 0.5362
            b6 = white * 0.115926
            return pink * 0.33
        }
    }

    @Test("the stereo pink filter gives each channel Kellet's filter of that channel's input alone")
    func stereoPinkMatchesTheScalarFilterPerChannel() {
        // Given different white noise on the left and right, filtered in uneven blocks
        var random = Xoshiro256PlusX4(seed: 11)
        var white: [Float] = []
        for _ in 0..<5_000 {
            let (left, right) = random.nextFrames()
            for lane in 0..<4 { white += [left[lane], right[lane]] }
        }
        var filtered = white
        var filter = StereoPinkFilter()
        filtered.withUnsafeMutableBufferPointer { buffer in
            var frame = 0
            for block in [1, 7, 1024, 3, 4096] where frame < buffer.count / 2 {
                let frames = min(block, buffer.count / 2 - frame)
                filter.filter(buffer.baseAddress! + frame * 2, frames: frames)
                frame += frames
            }
            filter.filter(buffer.baseAddress! + frame * 2, frames: buffer.count / 2 - frame)
        }
        // When each channel goes through the scalar reference on its own
        var left = ReferencePink(), right = ReferencePink()
        var largestDifference: Float = 0
        for frame in 0..<(white.count / 2) {
            largestDifference = max(largestDifference, abs(left.next(white[2 * frame]) - filtered[2 * frame]))
            largestDifference = max(largestDifference, abs(right.next(white[2 * frame + 1]) - filtered[2 * frame + 1]))
        }
        // Then both agree to float rounding: no lane of one channel leaks into the other
        #expect(largestDifference < 1e-5)
        #expect(filtered != white)
    }
}
