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
}

import Foundation
