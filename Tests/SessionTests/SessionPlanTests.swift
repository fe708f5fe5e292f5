import Testing

@testable import Session

func configuration(
    minutes: String = "20", countdown: String = "15", interval: String? = nil,
    bells: [String] = [], rate: Int = 48_000
) -> SessionConfiguration {
    var c = SessionConfiguration()
    c.minutes = ExactDecimal(minutes)!
    c.countdownSeconds = ExactDecimal(countdown)!
    c.interval = interval.flatMap(ExactDecimal.init)
    c.bells = bells.compactMap(ExactDecimal.init)
    c.sampleRate = rate
    return c
}

@Suite("Session plan")
struct SessionPlanTests {
    @Test("the defaults are the original app's: 15 s countdown, no bells, no noise, volume 0.15")
    func defaults() throws {
        let c = SessionConfiguration()
        #expect(c.countdownSeconds == ExactDecimal(15) && c.interval == nil && c.bells.isEmpty)
        #expect(c.noise == nil && c.noiseVolume == 0.15)
        let plan = try SessionPlan(c)
        #expect(plan.startFrame == 15 * 48_000)
        #expect(plan.gongs.map(\.kind) == [.start, .completion])
        #expect(plan.completionFrame == 15 * 48_000 + 20 * 60 * 48_000)
    }

    @Test("interval gongs fall at k·I for every k with k·I < M, not at the end")
    func intervalGongs() throws {
        let plan = try SessionPlan(configuration(minutes: "20", interval: "5"))
        let start = 15 * 48_000
        #expect(
            plan.gongs.map(\.frame) == [
                start, start + 5 * 2_880_000, start + 10 * 2_880_000,
                start + 15 * 2_880_000, start + 20 * 2_880_000
            ])
        #expect(plan.gongs.map(\.kind) == [.start, .interval(1), .interval(2), .interval(3), .completion])
    }

    @Test("decimal minutes round each event once from the start, never by accumulation")
    func noAccumulatedRounding() throws {
        // Given an interval of 0.0001 min = 0.2646 frames' worth of fraction per bell at 44.1 kHz
        let rate = 44_100
        let plan = try SessionPlan(configuration(minutes: "10", countdown: "2.5", interval: "0.3331", rate: rate))
        let start = 110_250  // 2.5 s
        // Then bell k is at start + round(k · 0.3331 · 60 · 44100), computed afresh for each k
        for (k, gong) in plan.gongs.dropFirst().dropLast().enumerated() {
            let exact = Double(k + 1) * 3331 * 60 * Double(rate) / 10_000
            #expect(gong.frame == start + Int(exact.rounded()))
        }
        let perBell = Int((0.3331 * 60 * Double(rate)).rounded())
        #expect(plan.gongs[30].frame != start + 30 * perBell, "accumulated rounding would land here")
        #expect(plan.gongs.count == 2 + 30)  // 30 · 0.3331 < 10 ≤ 31 · 0.3331
    }

    @Test("--bells places gongs at the given minutes, in order")
    func explicitBells() throws {
        let plan = try SessionPlan(configuration(minutes: "20", bells: ["12.5", "5", "20"].dropLast() + ["19.99"]))
        let start = 15 * 48_000
        #expect(
            plan.gongs.map(\.frame) == [
                start, start + 5 * 2_880_000, start + 36_000_000,
                start + 57_571_200, start + 20 * 2_880_000
            ])
    }

    @Test("strikes of one gong are 1.5 s apart and the render ends when the last has rung out")
    func strikes() throws {
        var c = configuration(minutes: "1")
        c.strikes = 3
        let plan = try SessionPlan(c)
        #expect(plan.strikeFrames(of: plan.gongs[0]) == [720_000, 792_000, 864_000])
        #expect(plan.endFrame(gongFrames: 1000) == plan.completionFrame + 144_000 + 1000)
    }

    @Test(
        "bad options are refused with a message naming the option",
        arguments: [
            (configuration(minutes: "0"), "--minutes must be greater than 0"),
            (configuration(minutes: "-5"), "--minutes must be greater than 0"),
            (configuration(minutes: "0.0001"), "--minutes 0.0001 is less than a second; a sit lasts at least 1 s"),
            (configuration(minutes: "0.0166"), "a sit lasts at least 1 s"),
            (configuration(minutes: "1441"), "--minutes must be at most 1440"),
            (configuration(countdown: "-1"), "--countdown must be 0 or more"),
            (configuration(minutes: "5", interval: "5"), "--interval (5 min) must be shorter than the session (5 min)"),
            (configuration(minutes: "5", interval: "7.5"), "must be shorter than the session"),
            (configuration(interval: "0"), "--interval must be greater than 0"),
            (configuration(interval: "5", bells: ["3"]), "--bells replaces --interval"),
            (
                configuration(minutes: "10", bells: ["10"]),
                "--bells: 10 must be after the start gong and before the completion gong (more than 0, less than 10 minutes)"
            ),
            (configuration(bells: ["3", "3.0"]), "--bells: 3 is given twice"),
            (configuration(rate: 1000), "--sample-rate must be between"),
            (
                configuration(minutes: "1440", interval: "0.00001"),
                "--interval 0.00001 min is shorter than one gong's strikes; bells must be at least 1.5 s apart"
            ),
            (configuration(minutes: "1440", interval: "0.1"), "that makes 14399 bells; a session has at most 10000"),
            (
                configuration(minutes: "10", bells: ["1", "1.01"]),
                "--bells: 1 and 1.01 are closer than one gong's strikes"
            ),
            (
                configuration(minutes: "1000.000000001", interval: "999999999.999999999"),
                "must be shorter than the session"
            )
        ])
    func refusals(configuration: SessionConfiguration, message: String) {
        do {
            _ = try SessionPlan(configuration)
            Issue.record("accepted: \(message)")
        } catch {
            #expect(error.localizedDescription.contains(message), "\(error.localizedDescription)")
        }
    }

    @Test("bells are at least the strikes of one gong apart: 3 strikes need 4.5 s")
    func strikesSetTheSpacing() throws {
        var c = configuration(minutes: "1", interval: "0.07")
        c.strikes = 3
        #expect(throws: SessionPlanError.intervalTooShort(ExactDecimal("0.07")!, minimumSeconds: 4.5)) {
            try SessionPlan(c)
        }
        c.interval = ExactDecimal("0.075")
        #expect(try SessionPlan(c).gongs.count == 2 + 13)
    }

    @Test("a day to the ninth decimal at 192 kHz is planned without overflow")
    func longestSitAtHighestRate() throws {
        let plan = try SessionPlan(configuration(minutes: "1439.999999999", countdown: "0", rate: 192_000))
        #expect(plan.completionFrame == 16_588_800_000)
        #expect(ExactDecimal("999999999.999999999")!.rounded(times: 1 << 40) == Int.max)
    }

    @Test("exact decimals parse what people type and refuse the rest")
    func decimals() {
        #expect(ExactDecimal("12.5")?.rounded(times: 2) == 25)
        #expect(ExactDecimal(".5")?.description == "0.5")
        #expect(ExactDecimal("20")?.description == "20")
        #expect(ExactDecimal("-3")?.isNegative == true)
        for bad in ["", "abc", "1.2.3", "1e3", "5 min", "."] { #expect(ExactDecimal(bad) == nil, "\(bad)") }
    }
}
