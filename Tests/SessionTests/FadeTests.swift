import Mixer
import Testing

@testable import Session

@Suite("Fades")
struct FadeTests {
    @Test(
        "no jump at a fade boundary is larger than the signal's own largest jump",
        arguments: [NoiseColor.white, .pink, .brown])
    func fadeBoundariesAreSmooth(color: NoiseColor) throws {
        // Given a short sit with a noise bed and the gongs muted
        var c = configuration(minutes: "1", countdown: "2")
        c.noise = color
        c.gongVolume = 0
        c.seed = 11
        let plan = try SessionPlan(c)
        let samples = try renderToMemory(plan, gong: try bundledGong())
        let fade = plan.noiseFadeFrames
        let steady = (plan.startFrame + fade + 48_000)..<(plan.completionFrame - fade - 48_000)
        for side in 0..<2 {
            let own = largestJump(samples, channel: side, frames: steady)
            // When we look at ±10 ms around each boundary of the fade-in and fade-out
            for boundary in [plan.startFrame, plan.startFrame + fade, plan.completionFrame - fade, plan.completionFrame]
            {
                let jump = largestJump(samples, channel: side, frames: (boundary - 480)..<(boundary + 480))
                // Then nothing there jumps further than the steady signal does
                #expect(jump <= own, "\(color) at frame \(boundary): jump \(jump) > own \(own)")
            }
        }
        // And the bed is exactly silent before the start gong and from the completion gong on
        #expect(samples[0..<(2 * plan.startFrame)].allSatisfy { $0 == 0 })
        #expect(samples[(2 * plan.completionFrame)...].allSatisfy { $0 == 0 })
        #expect(samples[2 * plan.startFrame + 2] != 0 || samples[2 * plan.startFrame + 3] != 0)
    }
}
