import Foundation
import Testing

@testable import Mixer

@Suite("Gain ramps")
struct GainRampTests {
    private func rampValues(from: Float, to: Float, frames: Int, curve: RampCurve, render: Int) -> [Float] {
        var ramp = GainRamp(value: from)
        ramp.ramp(to: to, frames: frames, curve: curve)
        let ones = [Float](repeating: 1, count: render * 2)
        var out = [Float](repeating: 0, count: render * 2)
        ones.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { destination in
                ramp.accumulate(source.baseAddress!, into: destination.baseAddress!, frames: render)
            }
        }
        return stride(from: 0, to: out.count, by: 2).map { out[$0] }
    }

    @Test("a linear ramp starts at the old gain and reaches the target on the frame after it")
    func linearRampEndpoints() {
        // Given a ramp from 0 to 1 over 4 frames, rendered for 6
        let values = rampValues(from: 0, to: 1, frames: 4, curve: .linear, render: 6)
        // Then frame 0 has the old gain, steps are equal, and frame 4 on has the target
        #expect(values == [0, 0.25, 0.5, 0.75, 1, 1])
    }

    @Test("an equal-power fade-in follows a quarter sine")
    func equalPowerFadeIn() {
        let values = rampValues(from: 0, to: 1, frames: 8, curve: .equalPower, render: 9)
        for (i, value) in values.prefix(8).enumerated() {
            let expected = Float(sin(Double(i) / 8 * .pi / 2))
            #expect(abs(value - expected) < 1e-6)
        }
        #expect(values[8] == 1)
    }

    @Test("an equal-power fade-out follows a quarter cosine and ends on exact zero")
    func equalPowerFadeOut() {
        let values = rampValues(from: 1, to: 0, frames: 8, curve: .equalPower, render: 10)
        for (i, value) in values.prefix(8).enumerated() {
            let expected = Float(cos(Double(i) / 8 * .pi / 2))
            #expect(abs(value - expected) < 1e-6)
        }
        #expect(values[8] == 0 && values[9] == 0)
    }

    @Test("a frame's gain in a fade does not depend on how the fade is split into blocks")
    func rampIndependentOfBlockSplit() {
        // Given a 5 s equal-power fade-in and a 120 ms fade-out, each rendered once whole and
        // once in blocks of 1, 2, 3, ... frames
        for (from, to, frames) in [(Float(0), Float(1), 240_000), (Float(1), Float(0), 5760)] {
            let ones = [Float](repeating: 1, count: 2 * (frames + 10))
            var whole = [Float](repeating: 0, count: ones.count)
            var split = whole
            var rampWhole = GainRamp(value: from), rampSplit = GainRamp(value: from)
            rampWhole.ramp(to: to, frames: frames, curve: .equalPower)
            rampSplit.ramp(to: to, frames: frames, curve: .equalPower)
            ones.withUnsafeBufferPointer { source in
                whole.withUnsafeMutableBufferPointer {
                    rampWhole.accumulate(source.baseAddress!, into: $0.baseAddress!, frames: frames + 10)
                }
                split.withUnsafeMutableBufferPointer { destination in
                    var done = 0, block = 1
                    while done < frames + 10 {
                        let count = min(block, frames + 10 - done)
                        rampSplit.accumulate(
                            source.baseAddress! + 2 * done,
                            into: destination.baseAddress! + 2 * done, frames: count)
                        done += count
                        block = block % 13 + 1
                    }
                }
            }
            // Then every sample is the same, and the fade ends on its target
            #expect(whole == split)
            #expect(whole[2 * frames] == to && whole[2 * frames + 1] == to)
        }
    }

    @Test(
        "writing through a gain leaves the samples adding into silence would, over a ramp and at steady gains",
        arguments: [(Float(0.3), Float(0.8)), (1, 1), (0.5, 0), (0.7, 0.7)])
    func writingMatchesAddingIntoSilence(from: Float, to: Float) {
        // Given noise, a buffer full of old samples, and a cleared one
        let frames = 37
        let source = (0..<(2 * frames)).map { Float(($0 * 7919) % 201) / 100 - 1 }
        var written = [Float](repeating: 9, count: 2 * frames)
        var added = [Float](repeating: 0, count: 2 * frames)
        var writing = GainRamp(value: from), adding = GainRamp(value: from)
        writing.ramp(to: to, frames: 10, curve: .equalPower)
        adding.ramp(to: to, frames: 10, curve: .equalPower)

        // When one ramp writes into the old samples and the other adds into the cleared ones,
        // in the same blocks (the ramp ends inside the second)
        source.withUnsafeBufferPointer { input in
            for (start, count) in [(0, 6), (6, 31)] {
                let from = input.baseAddress! + 2 * start
                written.withUnsafeMutableBufferPointer {
                    writing.write(from, into: $0.baseAddress! + 2 * start, frames: count)
                }
                added.withUnsafeMutableBufferPointer {
                    adding.accumulate(from, into: $0.baseAddress! + 2 * start, frames: count)
                }
            }
        }

        // Then no old sample is left, and every sample is the one added into silence
        #expect(written == added)
    }
}
