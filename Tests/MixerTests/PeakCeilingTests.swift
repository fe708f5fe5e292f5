import Foundation
import Testing

@testable import Mixer

@Suite("Peak ceiling")
struct PeakCeilingTests {
    /// A strike far over full scale on a quiet bed: a decaying 440 Hz tone of peak 3 from frame
    /// 1000, over a 0.1 sine at 50 Hz.
    static func overloaded(frames: Int) -> [Float] {
        (0..<frames).flatMap { n -> [Float] in
            let bed = 0.1 * sin(2 * .pi * 50 * Float(n) / 48_000)
            guard n >= 1000 else { return [bed, bed] }
            let t = Float(n - 1000)
            let strike = 3 * exp(-t / 9600) * sin(2 * .pi * 440 * t / 48_000)
            return [bed + strike, bed - 0.7 * strike]
        }
    }

    static func capped(_ input: [Float], blocks: [Int]) -> [Float] {
        var ceiling = PeakCeiling(sampleRate: 48_000)
        var samples = input
        samples.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var done = 0
            var next = 0
            while done < buffer.count / 2 {
                let frames = min(blocks[next % blocks.count], buffer.count / 2 - done)
                ceiling.apply(to: base + 2 * done, frames: frames)
                done += frames
                next += 1
            }
        }
        return samples
    }

    /// How many samples differ between two renders of one length (nil when the lengths do).
    static func differences(_ a: ArraySlice<Float>, _ b: ArraySlice<Float>) -> Int? {
        a.count == b.count ? zip(a, b).filter { $0 != $1 }.count : nil
    }

    @Test(
        "a sum three times full scale leaves under the ceiling, and everything before its first loud frame is untouched"
    )
    func overloadStaysUnderTheCeiling() {
        // Given a strike at three times full scale over a quiet bed
        let input = Self.overloaded(frames: 288_000)
        // When it passes the ceiling
        let output = Self.capped(input, blocks: [4096])
        // Then no sample is above -1 dBFS
        #expect(output.reduce(0) { max($0, abs($1)) } <= PeakCeiling.defaultCeiling)
        // And the frames before the strike are the same to the bit
        #expect(Self.differences(output[0..<2000], input[0..<2000]) == 0)
        // And within 5 s of the strike, once it has rung down, the gain is back at 1 exactly
        #expect(Self.differences(output[(2 * 241_000)...], input[(2 * 241_000)...]) == 0)
    }

    @Test("the output does not depend on how the stream is split into blocks")
    func blocksDoNotMatter() {
        // Given the overload, capped in one pass, and in blocks of odd sizes (1 frame among them)
        let input = Self.overloaded(frames: 48_000)
        let whole = Self.capped(input, blocks: [48_000])
        let pieces = Self.capped(input, blocks: [1, 333, 64, 4096, 7, 1024])
        // Then both are the same to the bit
        #expect(Self.differences(whole[...], pieces[...]) == 0)
    }

    @Test("a mix that stays at the ceiling or under it passes unchanged to the bit")
    func underTheCeilingIsUntouched() {
        // Given a mix whose peak is exactly the ceiling
        let input = (0..<48_000).flatMap { n -> [Float] in
            let s = PeakCeiling.defaultCeiling * sin(2 * .pi * 997 * Float(n) / 48_000)
            return [s, -s]
        }
        let peak = input.reduce(0) { max($0, abs($1)) }
        // When it passes the ceiling
        let output = Self.capped(input, blocks: [512])
        // Then nothing changed
        #expect(peak <= PeakCeiling.defaultCeiling)
        #expect(Self.differences(output[...], input[...]) == 0)
    }

    @Test("the gain never steps back up: it rises by less than a thousandth of its distance a frame")
    func releaseIsSmooth() {
        // Given the overload's frames, and the gain the ceiling gave each of them
        let input = Self.overloaded(frames: 96_000)
        let output = Self.capped(input, blocks: [4096])
        var gains: [Float] = []
        for n in 0..<96_000 where abs(input[2 * n]) > 0.05 { gains.append(output[2 * n] / input[2 * n]) }
        // Then from one frame to the next the gain rises by at most what its release allows
        var largestRise: Float = 0
        for (a, b) in zip(gains, gains.dropFirst()) { largestRise = max(largestRise, b - a) }
        #expect(largestRise < 0.001)
    }
}
