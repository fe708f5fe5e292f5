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
            let frames = random.nextFrames()
            for lane in 0..<8 { white.append(frames[lane]) }
        }
        var filtered = white
        var filter = StereoPinkFilter()
        let sums = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: white.count / 2)
        defer { sums.deallocate() }
        filtered.withUnsafeMutableBufferPointer { buffer in
            var frame = 0
            for block in [1, 7, 1024, 3, 4096] where frame < buffer.count / 2 {
                let frames = min(block, buffer.count / 2 - frame)
                filter.filter(buffer.baseAddress! + frame * 2, frames: frames, sums: sums)
                frame += frames
            }
            filter.filter(buffer.baseAddress! + frame * 2, frames: buffer.count / 2 - frame, sums: sums)
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

    @Test("pink noise filtered as it is drawn equals the same white noise drawn first and filtered in place")
    func drawnAndFilteredEqualsFilteredInPlace() {
        // Given two generators with one seed, and a block of 4096 frames
        let frames = 4096
        var drawing = Xoshiro256PlusX4(seed: 5), reference = Xoshiro256PlusX4(seed: 5)
        let sums = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: frames)
        defer { sums.deallocate() }
        var drawn = [Float](repeating: 0, count: 2 * frames), inPlace = drawn
        var drawnFilter = StereoPinkFilter(), inPlaceFilter = StereoPinkFilter()
        // When one filters as it draws, and the other draws the white noise out first
        for _ in 0..<3 {
            drawn.withUnsafeMutableBufferPointer { buffer in
                drawnFilter.filter(
                    drawingFrom: &drawing, into: buffer.baseAddress!, frames: frames, gain: 0.7,
                    sums: sums)
            }
            inPlace.withUnsafeMutableBufferPointer { buffer in
                for frame in stride(from: 0, to: frames, by: 4) {
                    let white = reference.nextFrames()
                    for lane in 0..<8 { buffer[2 * frame + lane] = white[lane] }
                }
                inPlaceFilter.filter(buffer.baseAddress!, frames: frames, gain: 0.7, sums: sums)
            }
            // Then every sample is the same, block after block
            #expect(drawn == inPlace)
        }
        #expect(drawn.contains { $0 != 0 })
    }
}
