import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

/// A completed sit's gong rings out for many seconds: the next session does not wait for it.
extension ServiceLiveTests {
    @Test(
        "a sit started 1 s after the last one's completion gong starts at once, its gongs on their frames, the old gong ringing on beneath it",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func nextSitStartsDuringTheRingOut() throws {
        // Given a service, a subscribed client, and the sink's monitor being recorded
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let service = try service(scratch)
        defer { service.stop() }
        let events = try service.subscriber()
        let capture = try PulseCapture(into: scratch.path("monitor.raw"))

        // When a 3-second sit with the singing bowl completes, and a second later, while the
        // bowl still rings, another sit (a countdown of 1 s, then 3 s with the small bell) is started
        _ = try service.client().call("sit.start", ["minutes": "0.05", "countdown": 0])
        var completion: JSONValue?
        while completion == nil, let event = try events.nextEvent(timeoutMilliseconds: 20_000) {
            if event["event"] == "bell", event["bell"] == "completion" { completion = event }
        }
        try #require(completion != nil, "the first sit did not complete")
        Thread.sleep(forTimeInterval: 1)
        let second = try service.client().call("sit.start", ["minutes": "0.05", "countdown": 1, "gong": "bell"])
        let status = try service.client().call("status")
        var ended: [Int: JSONValue] = [:]
        var received: [JSONValue] = []
        while ended.count < 2, let event = try events.nextEvent(timeoutMilliseconds: 40_000) {
            received.append(event)
            if event["event"] == "session-ended", let id = event["id"]?.intValue { ended[id] = event }
        }
        Thread.sleep(forTimeInterval: 0.3)
        let samples = try capture.stop()

        // Then the second sit was started, and the status is the second sit's
        #expect(second["session"]?["id"] == 2, "\(second.line)")
        #expect(status["session"]?["id"] == 2 && status["state"] == "countdown", "\(status.line)")
        #expect(status["held"] == [], "\(status.line)")
        // And both completed, the first ending (its last frame heard) after the second began
        #expect(ended[1]?["completed"] == true && ended[2]?["completed"] == true, "\(ended)")
        let order = received.compactMap { event -> String? in
            guard let name = event["event"]?.stringValue, name != "phase" else { return nil }
            return "\(name):\(event["id"]?.intValue ?? event["session"]?["id"]?.intValue ?? 0)"
        }
        #expect(order.firstIndex(of: "bell:2") ?? .max < order.firstIndex(of: "session-ended:1") ?? -1, "\(order)")
        // And on the capture: the first sit's two gongs, then the second's two, 3 s apart (±30 ms)
        let rate = 48_000
        let onsets = strikeOnsets(samples, rate: rate)
        try #require(onsets.count == 4, "onsets at \(onsets.map { Double($0) / Double(rate) })")
        let firstGap = Double(onsets[1] - onsets[0]) / Double(rate)
        let secondGap = Double(onsets[3] - onsets[2]) / Double(rate)
        #expect(abs(firstGap - 3) <= 0.030, "the first sit's gongs \(firstGap) s apart")
        #expect(abs(secondGap - 3) <= 0.030, "the second sit's gongs \(secondGap) s apart")
        // And the second start gong came 2 s after the first's completion gong (1 s waited, 1 s of
        // countdown) and the time its event and the request took (measured 2.84 s), not after the
        // bowl's 18 s of ringing out
        let handOver = Double(onsets[2] - onsets[1]) / Double(rate)
        #expect(handOver > 1.9 && handOver < 3.5, "the second sit's start gong \(handOver) s after the first's end")
        // And no click where the second sit took over: nothing between the first's completion gong and the
        // second's start gong jumps further than the bowl's own strike does
        let strike = largestJump(samples[(onsets[1] * 2)..<(onsets[1] * 2 + rate / 10 * 2)])
        let between = largestJump(samples[(onsets[1] * 2 + rate / 10 * 2)..<(onsets[2] * 2)])
        #expect(between <= strike, "a jump of \(between) during the ring-out, the strike's \(strike)")
    }
}
