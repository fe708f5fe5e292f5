import Foundation
import Mixer
import Session
import Testing
@testable import CLI

@Suite("Status line and clock text")
struct StatusLineTests {
    func plan() throws -> SessionPlan {
        var configuration = SessionConfiguration()
        configuration.minutes = ExactDecimal(20)
        configuration.interval = ExactDecimal(5)
        return try SessionPlan(configuration)
    }

    @Test("times read as m:ss, or h:mm:ss from an hour, rounded up while counting down")
    func clockText() {
        #expect(ClockText.format(seconds: 0) == "0:00")
        #expect(ClockText.format(seconds: 65) == "1:05")
        #expect(ClockText.format(seconds: 3723) == "1:02:03")
        #expect(ClockText.format(frames: 48_001, rate: 48_000) == "0:02")
        #expect(ClockText.format(frames: 48_000, rate: 48_000) == "0:01")
    }

    @Test("sitting shows the time left, the next bell and the progress, without colour when asked")
    func sitting() throws {
        // Given a 20-minute sit with 5-minute bells, 7 minutes in
        let plan = try plan()
        let now = plan.startFrame + 7 * 60 * 48_000
        let status = LiveStatus(phase: .sitting, sessionFrame: now, remainingFrames: plan.completionFrame - now,
                                nextGong: plan.gongs.first { $0.frame > now }, satFrames: 7 * 60 * 48_000)
        // When it is drawn 80 columns wide without colour
        let line = StatusLine(color: false, width: 80).render(status, plan: plan)
        // Then it reads as a person expects, with a bar 7/20 full, and no escape codes
        #expect(line.hasPrefix(" sitting   13:00 left · next bell in 3:00  "))
        let filled = line.filter { $0 == "█" }.count
        let width = filled + line.filter { $0 == "░" }.count
        #expect(width >= 5 && filled == width * 7 / 20)
        #expect(!line.contains("\u{1B}"))
        #expect(line.count <= 80)
    }

    @Test("paused says how to resume; an early end shows the time sat and no next bell")
    func pausedAndEnded() throws {
        let plan = try plan()
        let now = plan.startFrame + 90 * 48_000
        var status = LiveStatus(phase: .paused, sessionFrame: now, remainingFrames: plan.completionFrame - now,
                                nextGong: plan.gongs[1], satFrames: 90 * 48_000)
        #expect(StatusLine(color: true, width: 100).render(status, plan: plan).contains("(space resumes)"))
        status.phase = .ended
        let ended = StatusLine(color: false, width: 100).render(status, plan: plan)
        #expect(ended.contains("sat 1:30"))
        #expect(!ended.contains("next bell"))
    }
}
