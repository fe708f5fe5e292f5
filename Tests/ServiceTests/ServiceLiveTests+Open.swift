import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

/// A sit with no set end, played by the service: it counts up, and `stop` ends it with its
/// completion gong, recorded complete.
extension ServiceLiveTests {
    @Test(
        "an open-ended sit counts up, rings its bells, and ends with its completion gong at `stop`, recorded complete with the time sat",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func openEndedThroughTheService() throws {
        // Given a service and a subscribed client, the sink's monitor recorded
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let service = try service(scratch)
        defer { service.stop() }
        let events = try service.subscriber()
        let capture = try PulseCapture(into: scratch.path("monitor.raw"))

        // When an open sit with bells every 3 s is started, and stopped after its first bell
        let started = try service.client().call(
            "sit.start", ["minutes": "open", "interval": "0.05", "countdown": 0, "gong": "bell"])
        var received: [JSONValue] = []
        var status: JSONValue?
        var stoppedAt: Double?
        while let event = try events.nextEvent(timeoutMilliseconds: 30_000) {
            received.append(event)
            if event["event"] == "bell", event["bell"] == "interval", stoppedAt == nil {
                Thread.sleep(forTimeInterval: 1.5)
                status = try service.client().call("status")
                stoppedAt = Date().timeIntervalSince1970
                _ = try service.client().call("stop")
            }
            if event["event"] == "session-ended" { break }
        }
        Thread.sleep(forTimeInterval: 0.3)
        let samples = try capture.stop()

        // Then it was said to have no set end, and while it ran it counted up
        #expect(started["session"]?["description"] == "no set end, bells every 3 s", "\(started.line)")
        #expect(status?["session"]?["open"] == true, "\(status?.line ?? "")")
        // And nothing was said to remain, nor a completion gong due at the day's limit
        #expect(status?["session"]?["remainingSeconds"] == nil, "\(status?.line ?? "")")
        #expect(status?["session"]?["nextBell"]?["bell"] != "completion", "\(status?.line ?? "")")
        let elapsed = status?["session"]?["elapsedSeconds"]?.numberValue ?? 0
        #expect(elapsed > 4 && elapsed < 5.5, "\(status?.line ?? "")")
        // And `stop` brought the completion gong, not an early end
        let names = received.compactMap { event -> String? in
            guard let name = event["event"]?.stringValue else { return nil }
            if name == "phase" { return "phase:" + (event["phase"]?.stringValue ?? "?") }
            if name == "bell" { return "bell:" + (event["bell"]?.stringValue ?? "?") }
            return name
        }
        #expect(
            names == [
                "session-started", "bell:start", "phase:sitting", "bell:interval", "bell:completion", "phase:complete",
                "session-recorded", "session-ended"
            ], "\(names)")
        let completion = received.first { $0["bell"] == "completion" }
        let heardAt = completion?["at"]?.numberValue ?? 0
        #expect(abs(heardAt - (stoppedAt ?? 0)) < 1, "the gong heard \(heardAt - (stoppedAt ?? 0)) s after stop")
        // And the capture holds three strikes: start, the bell at 3 s, the end about 4.5 s in
        let onsets = strikeOnsets(samples, rate: rate)
        try #require(onsets.count == 3, "onsets at \(onsets.map { Double($0) / Double(rate) })")
        #expect(abs(Double(onsets[1] - onsets[0]) / Double(rate) - 3) <= 0.03)
        let end = Double(onsets[2] - onsets[0]) / Double(rate)
        #expect(end > 4 && end < 6, "the completion gong \(end) s in")
        // And the history has it complete, sat as long as it ran
        let history = try service.history()
        #expect(history[0]?["completed"] == true, "\(history.line)")
        let sat = history[0]?["satSeconds"]?.intValue ?? 0
        #expect(abs(Double(sat) - end) <= 1, "\(history.line)")
        // And its length, unknown while it ran, is the time it was sat
        #expect(history[0]?["plannedSeconds"]?.intValue == sat, "\(history.line)")
    }

    @Test(
        "a service stopped during an open-ended sit ends it at once, recorded complete with the time sat, within systemd's 5 s",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func stoppedServiceEndsAnOpenSitAtOnce() throws {
        // Given a service playing an open sit for a few seconds
        let scratch = try Scratch()
        let service = try service(scratch)
        let events = try service.subscriber()
        _ = try service.client().call("sit.start", ["minutes": "open", "countdown": 0, "gong": "bell"])
        while let event = try events.nextEvent(timeoutMilliseconds: 10_000), event["phase"] != "sitting" {}
        Thread.sleep(forTimeInterval: 2.5)

        // When the service is stopped (SIGTERM, as `systemctl stop` sends it)
        let asked = Date()
        let log = service.stop()
        let took = Date().timeIntervalSince(asked)

        // Then it exits well within the unit's TimeoutStopSec=5 (a completion gong rang out for
        // 18 s before, and systemd killed it), and the sit is recorded complete with its time
        #expect(took < 3, "the service took \(took) s to stop: \(log)")
        let history = try service.history()
        let sat = history[0]?["satSeconds"]?.intValue ?? -1
        #expect(history[0]?["completed"] == true, "\(history.line)")
        #expect(sat >= 2 && sat <= 4, "\(history.line)")
        #expect(history[0]?["plannedSeconds"]?.intValue == sat, "\(history.line)")
    }
}
