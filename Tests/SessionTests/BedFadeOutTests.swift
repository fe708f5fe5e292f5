import Foundation
import Mixer
import Testing

@testable import Session

/// A sit to fall asleep to: its bed falls silent over the seconds asked for, not at a step.
@Suite struct BedFadeOutTests {
    /// The left channel's RMS, in dB, over each 5-s window of the sit (gongs muted).
    private func windows(fadeOut: String?) throws -> (levels: [Double], plan: SessionPlan) {
        var c = configuration(minutes: "1", countdown: "0")
        c.noise = .white
        c.noiseVolume = 0.5
        c.gongVolume = 0
        c.seed = 3
        c.fadeOutSeconds = fadeOut.flatMap { ExactDecimal($0) }
        let plan = try SessionPlan(c)
        let left = channel(try renderToMemory(plan, gong: try bundledGong()), 0, frames: 0..<(60 * 48_000))
        let window = 5 * 48_000
        let levels = stride(from: 0, to: left.count, by: window).map { start in
            let part = left[start..<min(start + window, left.count)]
            return decibels(part.reduce(0.0) { $0 + Double($1 * $1) } / Double(part.count))
        }
        return (levels, plan)
    }

    @Test("a fade-out of 30 s lowers the bed through the sit's last half minute, to silence at its end")
    func longFadeOutFallsThroughTheLastSeconds() throws {
        // Given a one-minute sit on white noise, with the usual fade and with 30 s asked for
        let usual = try windows(fadeOut: nil)
        let asked = try windows(fadeOut: "30")
        // Then the two agree until the fade begins
        for index in 1..<6 { #expect(abs(usual.levels[index] - asked.levels[index]) < 0.5, "window \(index)") }
        // And from 30 s on each window is quieter than the last, the last one far below the usual
        for index in 7..<12 { #expect(asked.levels[index] < asked.levels[index - 1], "window \(index)") }
        // (an equal-power fall: cos² over 50–55 s of 30–60 s averages some −8.5 dB, over 55–60 s
        // some −17 dB, where the usual fade's last five seconds average −3 dB)
        #expect(usual.levels[10] - asked.levels[10] > 6, "\(usual.levels[10]) vs \(asked.levels[10])")
        #expect(usual.levels[11] - asked.levels[11] > 10, "\(usual.levels[11]) vs \(asked.levels[11])")
        // And the plan holds what was asked: 30 s of frames falling at the sit's end
        #expect(asked.plan.segments.last?.fadeOutFrames == 30 * 48_000)
        #expect(usual.plan.segments.last?.fadeOutFrames == usual.plan.segments.last?.fadeFrames)
    }

    @Test("a fade-out longer than the sit leaves room for the bed to rise first")
    func fadeOutIsAtMostWhatTheRiseLeaves() throws {
        // Given a one-minute sit that asks for an hour's fade
        let plan = try windows(fadeOut: "3600").plan
        // Then its bed falls over what is left after its rise
        let last = try #require(plan.segments.last)
        #expect(last.fadeOutFrames == last.frames - last.fadeFrames)
    }

    @Test(
        "a sleep's bed falls along the equal-power curve over its last seconds, within 0.5 dB per 10 ms window, to exact zeros; no gong sounds"
    )
    func sleepFadeFollowsTheCurve() throws {
        // Given a sleep of 30 s on white noise (no gong: a sound of no frames) whose bed falls
        // over its last 10 s, and the same noise at full level in a longer one (its first 30 s)
        var sleep = configuration(minutes: "0.5", countdown: "0")
        sleep.noise = .white
        sleep.noiseVolume = 0.5
        sleep.seed = 11
        sleep.fadeOutSeconds = ExactDecimal(10)
        var steady = sleep
        steady.minutes = ExactDecimal(2)
        steady.fadeOutSeconds = nil
        let silent = SampleBuffer(interleavedStereo: [])
        let faded = try renderToMemory(try SessionPlan(sleep), gong: silent)
        let full = try renderToMemory(try SessionPlan(steady), gong: silent)
        let rate = 48_000

        // Then the render ends a tenth of a second after the sit: no gong rings out after it
        #expect(faded.count == 2 * (30 * rate + rate / 10))
        // And before the fade (after the bed's 5-s rise) it is the steady bed, sample for sample
        #expect(Array(faded[(2 * 6 * rate)..<(2 * 20 * rate)]) == Array(full[(2 * 6 * rate)..<(2 * 20 * rate)]))
        // And over the last 10 s each 10-ms window is the steady bed times cos(π/2 · t/10 s),
        // within 0.5 dB, down to the last window (some −60 dB)
        let window = rate / 100
        var worst = 0.0
        for start in stride(from: 20 * rate, to: 30 * rate, by: window) {
            let frames = start..<(start + window)
            let power = { (samples: [Float]) in
                channel(samples, 0, frames: frames).reduce(0.0) { $0 + Double($1) * Double($1) } / Double(window)
            }
            let curve =
                frames.reduce(0.0) { sum, frame in
                    let gain = cos(Double.pi / 2 * Double(frame - 20 * rate) / Double(10 * rate))
                    return sum + gain * gain
                } / Double(window)
            let error = abs(decibels(power(faded)) - decibels(power(full)) - decibels(curve))
            worst = max(worst, error)
        }
        #expect(worst < 0.5, "worst window \(worst) dB off the curve")
        // And the fade's end is followed by exact zeros; and its first 10 ms hold the bed's rise alone (a
        // start gong's strike there would peak far above it)
        #expect(faded.suffix(2 * rate / 10).allSatisfy { $0 == 0 })
        #expect(
            faded.prefix(2 * window).allSatisfy { abs($0) < 0.01 }, "\(faded.prefix(2 * window).map(abs).max() ?? 0)")
    }
}
