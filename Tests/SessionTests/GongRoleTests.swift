import Mixer
import Testing

@testable import Session

@Suite("A bell for each moment")
struct GongRoleTests {
    @Test("the start, the bells between and the end each sound their own gong, volume and strikes, on their frames")
    func eachRoleItsOwn() throws {
        // Given a 2-minute sit: a bowl to start, a small bell at half volume every 30 s, a deep
        // gong struck three times to end
        var c = configuration(minutes: "2", countdown: "1", interval: "0.5")
        c.noise = nil
        c.roleVolumes = [.interval: 0.5]
        c.roleStrikes = [.end: 3]
        let plan = try SessionPlan(c)
        let bowl = try bundledGong(.bowl), bell = try bundledGong(.bell), deep = try bundledGong(.gong)
        let sounds = GongSounds(bowl, byRole: [.interval: bell, .end: deep])
        func render(_ c: SessionConfiguration) throws -> [Float] {
            var samples: [Float] = []
            try OfflineSessionRenderer(plan: try SessionPlan(c), sounds: sounds).render {
                samples.append(contentsOf: $0)
            }
            return samples
        }
        let samples = try render(c)
        // (the same sit with the bells between, or the end, silent: what the others leave)
        var withoutBells = c
        withoutBells.roleVolumes[.interval] = 0
        var withoutEnd = c
        withoutEnd.roleVolumes[.end] = 0
        let others = try render(withoutBells), beforeEnd = try render(withoutEnd)

        // Then each gong's first second is its sound times its volume, over what else rings
        func expectSound(_ sound: SampleBuffer, gain: Float, at frame: Int, under: [Float]?, _ what: String) {
            var worst: Float = 0
            for i in 0..<(2 * min(48_000, sound.frameCount)) {
                let heard = samples[2 * frame + i] - (under?[2 * frame + i] ?? 0)
                worst = max(worst, abs(heard - sound[sample: i] * gain))
            }
            #expect(worst < 1e-5, "\(what) at \(frame): off by \(worst)")
        }
        let gongs = plan.gongs
        #expect(gongs.count == 5)
        expectSound(bowl, gain: 1, at: gongs[0].frame, under: nil, "start")
        for bellGong in gongs.dropFirst().dropLast() {
            expectSound(bell, gain: 0.5, at: bellGong.frame, under: others, "bell")
            #expect(plan.strikeFrames(of: bellGong).count == 1)
        }
        // And the end is struck three times, 1.5 s apart, and the render rings out the last strike
        let completion = plan.completionFrame
        #expect(plan.strikeFrames(of: gongs[4]) == [completion, completion + 72_000, completion + 144_000])
        expectSound(deep, gain: 1, at: completion, under: beforeEnd, "end")
        #expect(samples.count / 2 == completion + 144_000 + deep.frameCount)
    }

    @Test("a role's strikes and volume are checked like the sit's, named by their option")
    func roleRangesChecked() throws {
        var c = configuration(minutes: "10", interval: "2")
        c.roleStrikes = [.interval: 11]
        #expect(throws: SessionPlanError.roleStrikesOutOfRange(.interval, 11)) { try SessionPlan(c) }
        c.roleStrikes = [:]
        c.roleVolumes = [.start: 1.5]
        #expect(throws: SessionPlanError.volumeOutOfRange(name: "start-volume", value: 1.5)) { try SessionPlan(c) }
        // And more strikes at the end than between bells still keep bells a gong's strikes apart
        c.roleVolumes = [:]
        c.interval = ExactDecimal("0.1")
        c.roleStrikes = [.end: 5]
        #expect(throws: SessionPlanError.intervalTooShort(ExactDecimal("0.1")!, minimumSeconds: 7.5)) {
            try SessionPlan(c)
        }
    }
}

extension GongRoleTests {
    @Test(
        "a bowl struck again while it rings never sums past −1 dBFS: the first strike as asked, the rest softer, no step"
    )
    func strikesTogetherDoNotClip() throws {
        // Given the bundled bowl, whose strikes 1.5 s apart would sum to 1.08 at full volume
        // twice and 1.14 three times; a sit of three strikes at each gong, nothing else sounding
        let bowl = try bundledGong(.bowl)
        var c = configuration(minutes: "0.5", countdown: "0")
        c.noise = nil
        c.strikes = 3
        let plan = try SessionPlan(c)
        var samples: [Float] = []
        try OfflineSessionRenderer(plan: plan, sounds: GongSounds(bowl)).render { samples.append(contentsOf: $0) }

        // Then nothing comes above −1 dBFS (what a track is allowed), where it reached 1.14
        let ceiling = Float(0.891_26)
        #expect(samples.map(abs).max() ?? 2 <= ceiling)
        // And the first strike, up to 50 ms before the second, is the bowl at full volume
        let second = plan.strikeFrames(of: plan.gongs[0])[1]
        let untouched = second - 2_400
        var worst: Float = 0
        for i in 0..<(2 * untouched) { worst = max(worst, abs(samples[i] - bowl[sample: i])) }
        #expect(worst < 1e-6, "first strike off by \(worst)")
        // And from the second strike on, the three strikes sound together at one gain, under full
        // volume: what the bowl laid over itself makes, scaled
        let spacing = second - plan.strikeFrames(of: plan.gongs[0])[0]
        func together(_ i: Int) -> Float {
            (0..<3).reduce(Float(0)) { sum, k in
                let j = i - 2 * k * spacing
                return j >= 0 && j < 2 * bowl.frameCount ? sum + bowl[sample: j] : sum
            }
        }
        let window = (2 * second)..<(2 * (second + 48_000))
        let loudest = try #require(window.max { abs(together($0)) < abs(together($1)) })
        let gain = samples[loudest] / together(loudest)
        #expect(gain > 0.7 && gain < 0.85, "later strikes at \(gain)")
        var off: Float = 0
        for i in window { off = max(off, abs(samples[i] - gain * together(i))) }
        #expect(off < 1e-4, "the later strikes are not one gain: off by \(off)")
        // And the tail lowered before the second strike moves no more from sample to sample than
        // the bowl itself does
        var ownJump: Float = 0
        for i in stride(from: 2, to: 2 * bowl.frameCount, by: 2) {
            ownJump = max(ownJump, abs(bowl[sample: i] - bowl[sample: i - 2]))
        }
        var rampJump: Float = 0
        for frame in untouched..<second { rampJump = max(rampJump, abs(samples[2 * frame] - samples[2 * frame - 2])) }
        #expect(rampJump <= ownJump, "ramp jump \(rampJump), the bowl's own \(ownJump)")
        // And a single strike, or a bell whose strikes do not pile up, is left as it was
        c.strikes = 1
        var single: [Float] = []
        try OfflineSessionRenderer(plan: try SessionPlan(c), sounds: GongSounds(bowl)).render {
            single.append(contentsOf: $0)
        }
        #expect(abs((single.map(abs).max() ?? 0) - (bowl.peakForTest)) < 1e-6)
    }
}

extension SampleBuffer {
    /// The buffer's sample peak, read sample by sample.
    fileprivate var peakForTest: Float {
        (0..<(2 * frameCount)).reduce(Float(0)) { max($0, abs(self[sample: $1])) }
    }
}
