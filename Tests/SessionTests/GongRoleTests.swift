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
