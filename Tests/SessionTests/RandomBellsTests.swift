import Mixer
import Testing

@testable import Session

@Suite("Random bells")
struct RandomBellsTests {
    func randomPlan(
        minutes: String = "20", range: String = "1-3", seed: UInt64 = 5, strikes: Int = 1, rate: Int = 48_000
    ) throws -> SessionPlan {
        var c = configuration(minutes: minutes, rate: rate)
        c.randomBells = RandomBells(range)
        c.seed = seed
        c.strikes = strikes
        c.noise = nil
        return try SessionPlan(c)
    }

    @Test("bells at random come MIN to MAX minutes apart, the first after the start gong, none in the last minute")
    func gapsWithinRange() throws {
        // Given a 20-minute sit with bells 1 to 3 minutes apart
        let plan = try randomPlan()
        let frames = plan.gongs.map(\.frame)
        let bells = Array(frames.dropFirst().dropLast())
        // Then every gap from the start gong on is 60 to 180 s, to the frame
        #expect(bells.count >= 6, "\(bells)")
        for (earlier, later) in zip(frames.dropLast(2), bells) {
            #expect((60 * 48_000...180 * 48_000).contains(later - earlier), "gap \(later - earlier) frames")
        }
        // And none falls in the last minute
        #expect((bells.last ?? 0) <= plan.completionFrame - 60 * 48_000)
        // And the gaps differ: they are drawn, not fixed
        let gaps = zip(frames.dropLast(2), bells).map { $1 - $0 }
        #expect(Set(gaps).count == gaps.count)
        // And the plan keeps them from the status: the next bell a person is told of is the end
        let outline = SessionOutline(plan)
        #expect(outline.nextShownGong(after: plan.startFrame)?.kind == .completion)
    }

    @Test("the same seed draws the same moments; another seed other moments")
    func seeded() throws {
        let first = try randomPlan(seed: 77).gongs
        #expect(try randomPlan(seed: 77).gongs == first)
        #expect(try randomPlan(seed: 78).gongs != first)
    }

    @Test(
        "a render rings every random bell on its planned frame, with exact silence between", arguments: [44_100, 48_000]
    )
    func renderOnFrames(rate: Int) throws {
        // Given a 6-minute sit with bells 0.5 to 1.25 minutes apart, two strikes each
        let plan = try randomPlan(minutes: "6", range: "0.5-1.25", seed: 12, strikes: 2, rate: rate)
        #expect(plan.gongs.count >= 6, "\(plan.gongs)")
        // Then the render's gongs start exactly on the plan's frames, and nothing sounds elsewhere
        let (onsets, errors) = try GongTimingTests().checkOnsetsAndSilence(plan, gong: try bundledGong(rate: rate))
        #expect(onsets == plan.gongs.map(\.frame))
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test("random bells are refused closer than a gong's strikes, beside --interval, or out of order")
    func refusals() throws {
        #expect(throws: SessionPlanError.randomBellsTooClose(RandomBells("0.05-1")!, minimumSeconds: 4.5)) {
            try randomPlan(range: "0.05-1", strikes: 3)
        }
        var c = configuration(minutes: "20", interval: "5")
        c.randomBells = RandomBells("3-10")
        #expect(throws: SessionPlanError.randomBellsWithOthers) { try SessionPlan(c) }
        #expect(RandomBells("10-3") == nil)
        #expect(RandomBells("0-3") == nil)
        #expect(RandomBells("3-") == nil)
        #expect(RandomBells("4")?.description == "4")
        #expect(throws: SessionPlanError.randomBellsOutOfRange(RandomBells("3-30")!, minutes: ExactDecimal(20))) {
            try randomPlan(range: "3-30")
        }
        // A sit too short for any bell after the first gap has none, and is no error
        #expect(try randomPlan(minutes: "2", range: "1.5-2").gongs.count == 2)
    }
}
