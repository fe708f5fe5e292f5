import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

/// Sitting and walking in turn, played by the service: the status says which, the events
/// mark each boundary, the history counts the sitting.
extension ServiceLiveTests {
    @Test(
        "a sit of segments walks between its sits: the status says walking and what follows, each boundary is an event, the history counts the sitting",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func segmentsThroughTheService() throws {
        // Given a service and a subscribed client, the sink's monitor recorded
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let service = try service(scratch)
        defer { service.stop() }
        let events = try service.subscriber()
        let capture = try PulseCapture(into: scratch.path("monitor.raw"))

        // When sit 6 s, walk 4.2 s, sit 6 s is started, with the small bell
        let started = try service.client().call(
            "sit.start", ["segments": "sit 0.1, walk 0.07, sit 0.1", "countdown": 0, "gong": "bell"])
        var received: [JSONValue] = []
        var walking: JSONValue?
        while let event = try events.nextEvent(timeoutMilliseconds: 30_000) {
            received.append(event)
            if event["event"] == "phase", event["phase"] == "walking" {
                Thread.sleep(forTimeInterval: 1)
                walking = try service.client().call("status")
            }
            if event["event"] == "session-ended" { break }
        }
        Thread.sleep(forTimeInterval: 0.3)
        let samples = try capture.stop()

        // Then the reply describes the sits and the walk
        #expect(
            started["session"]?["description"] == "16 s, sit 6 s, walk 4 s, sit 6 s",
            "\(started.line)")
        // And the events mark each boundary, in the device's order
        let names = received.compactMap { event -> String? in
            guard let name = event["event"]?.stringValue else { return nil }
            if name == "phase" { return "phase:" + (event["phase"]?.stringValue ?? "?") }
            if name == "bell" {
                return "bell:" + (event["bell"]?.stringValue ?? "?") + (event["to"]?.stringValue ?? "")
            }
            return name
        }
        #expect(
            names == [
                "session-started", "bell:start", "phase:sitting", "bell:transitionwalk", "phase:walking",
                "bell:transitionsit", "phase:sitting", "bell:completion", "phase:complete", "session-recorded",
                "session-ended"
            ], "\(names)")
        // And while walking, the status says so, with the walk's time left and the sit to come
        let segment = try #require(walking?["session"]?["segment"], "\(walking?.line ?? "no status")")
        #expect(walking?["state"] == "walking" && segment["kind"] == "walk" && segment["index"] == 1)
        let left = segment["remainingSeconds"]?.numberValue ?? 0
        #expect(left > 1.5 && left < 3.6, "\(segment.line)")
        #expect(segment["next"]?["kind"] == "sit" && segment["next"]?["seconds"] == 6, "\(segment.line)")
        // And the capture: start, two strikes into the walk, one back, the end (±30 ms of plan)
        let onsets = strikeOnsets(samples, rate: rate)
        try #require(onsets.count >= 5, "onsets at \(onsets.map { Double($0) / Double(rate) })")
        for (onset, expected) in zip(onsets.dropFirst(), [6.0, 7.5, 10.2, 16.2]) {
            let seconds = Double(onset - onsets[0]) / Double(rate)
            #expect(abs(seconds - expected) <= 0.030, "gong at \(seconds) s, planned \(expected) s")
        }
        // And the history records the session once, complete, with its sitting only as time sat
        let history = try service.history()
        #expect(history[0]?["completed"] == true, "\(history.line)")
        #expect(history[0]?["satSeconds"] == 12, "\(history.line)")
        // And of the 12 s of sitting planned, in the history as in the status (the walk in neither)
        #expect(history[0]?["plannedSeconds"] == 12, "\(history.line)")
        #expect(walking?["session"]?["plannedSeconds"] == 12, "\(walking?.line ?? "no status")")
        #expect(history[1] == nil, "\(history.line)")
    }
}
