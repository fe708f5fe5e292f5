import Foundation
import Mixer
import OutputTestSupport
import Outputs
import Testing

@testable import Session

@Suite("Open-ended sits")
struct OpenEndedTests {
    func openPlan(interval: String? = "0.05") throws -> SessionPlan {
        var c = configuration(minutes: "1440", countdown: "0", interval: interval)
        c.openEnded = true
        c.noise = nil
        return try SessionPlan(c)
    }

    @Test("asked to end, an open sit keeps the bells before, strikes its completion gong there, and drops the rest")
    func endingAtAFrame() throws {
        // Given an open sit with bells every 3 s
        let plan = try openPlan()
        #expect(plan.isOpen)
        // When it is asked to end 10 s in
        let ended = plan.ending(atFrame: 10 * 48_000)
        // Then its gongs are the start, the bells at 3, 6 and 9 s, and the completion at 10 s
        #expect(ended.gongs.map(\.frame) == [0, 144_000, 288_000, 432_000, 480_000])
        #expect(ended.gongs.last?.kind == .completion)
        #expect(!ended.isOpen && ended.completionFrame == 480_000)
        #expect(SessionOutline(ended).sittingFrames(upTo: 20 * 48_000) == 480_000)
    }

    @Test(
        "an open sit played live counts up, rings its bells, and ends with its completion gong when asked, recorded complete"
    )
    func endsWithTheGongWhenAsked() throws {
        // Given an open sit with bells every 3 s, played through a device whose clock the test moves
        let output = MockOutput(bufferFrames: 9600, guardFrames: 256)
        let session = try LiveSession(plan: try openPlan(), gong: testStrike, output: OutputOpener { output })
        try session.start()
        var events: [SessionEvent] = []
        func play(_ frames: Int, until done: () -> Bool = { false }) {
            for _ in 0..<(frames / 512) where !done() {
                _ = output.waitUntilHolding(4800, seconds: 0.2)
                output.play(frames: 512)
                events += session.poll()
            }
        }
        play(4 * 48_000)
        #expect(session.status.phase == .sitting && session.outline.isOpen)

        // When it is asked to end, 4 s in (and asked again, as a held Ctrl-C asks)
        let asked = session.status.sessionFrame
        session.end()
        session.end()
        play(3 * 48_000) { session.isFinished }

        // Then the bell at 3 s rang, and the completion gong came a moment after the asking,
        // not a day later; no early end was told
        let gongs = events.compactMap { event -> SessionPlan.Gong? in
            if case let .gong(gong) = event { return gong }
            return nil
        }
        #expect(gongs.map(\.kind) == [.start, .interval(1), .completion], "\(events)")
        let completion = try #require(gongs.last?.frame)
        #expect(completion > asked && completion - asked < 48_000, "asked at \(asked), gong at \(completion)")
        #expect(!events.contains(.endedEarly))
        // And the device heard the strike on that frame, and nothing after it rang out
        let heard = output.heard
        #expect(heard.count / 2 > completion)
        #expect(heard[2 * completion] != 0 && heard[2 * completion - 2] == 0)
        // And it is complete, the time sat its length
        play(48_000) { session.isFinished }
        #expect(session.isFinished)
        #expect(session.status.phase == .complete)
        #expect(session.status.satFrames == completion)
        #expect(output.protocolViolations.isEmpty)
    }
}
