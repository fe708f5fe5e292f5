import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

/// A sit started from Home Assistant over MQTT, heard on the private PulseAudio server's sink,
/// with the broker going away under it.
@Suite("the service in Home Assistant, heard", .serialized)
struct ServiceMQTTLiveTests {
    let rate = 48_000
    let base = ServiceMQTTTests.base

    @Test(
        "a sit started from Home Assistant is heard, sitting turns on and off with it, and the broker gone mid-sit changes nothing audible",
        .enabled(if: PulseCapture.available && PrivateBroker.available, "needs the private servers of `make test`"))
    func sitStartedOverMQTTIsHeard() throws {
        // Given a service on the sink, connected to a private broker, and the sink's monitor recorded
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let broker = try PrivateBroker(in: scratch)
        defer { broker.stop() }
        let service = try ServiceMQTTTests.service(
            broker, scratch, arguments: ["--backend", "pulse", "--latency-ms", "300"])
        defer { service.stop() }
        #expect(try broker.waitForRetained("\(base)/availability") { $0 == "online" } != nil)
        let watcher = try broker.subscribe("\(base)/state", into: scratch.path("state.txt"))
        let events = try service.subscriber()
        let capture = try PulseCapture(into: scratch.path("monitor.raw"))

        // When Home Assistant starts a 15-second sit with bells every 3 s over a white noise bed
        // (it fades in over the first 5 s and out over the last 5)
        try broker.publish("\(base)/sit/start", #"{"minutes":"0.25","interval":"0.05","noise":"white","gong":"bell"}"#)
        // Then sitting turns on
        #expect(watcher.waitFor("\(base)/state") { $0.contains(#""sitting":"ON""#) } != nil)

        // When the broker goes away 5.5 s into the sit, when the bed is steady, and comes back
        // (empty) 3 s later
        Thread.sleep(forTimeInterval: 5.5)
        broker.stop()
        Thread.sleep(forTimeInterval: 3)
        try broker.start()
        var ended = false
        while let event = try events.nextEvent(timeoutMilliseconds: 30_000) {
            if event["event"] == "session-ended" {
                ended = true
                break
            }
        }
        Thread.sleep(forTimeInterval: 0.3)
        let samples = try capture.stop()
        try #require(ended)

        // Then the start gong and the bells every 3 s after it are on the capture (±30 ms)
        let onsets = strikeOnsets(samples, rate: rate)
        try #require(onsets.count == 6, "onsets at \(onsets.map { Double($0) / Double(rate) })")
        for (onset, expected) in zip(onsets.dropFirst(), [3.0, 6.0, 9.0, 12.0, 15.0]) {
            let seconds = Double(onset - onsets[0]) / Double(rate)
            #expect(abs(seconds - expected) <= 0.030, "gong at \(seconds) s, planned \(expected) s")
        }
        // And the steady bed, from 5.1 s to 9.9 s, the broker's absence inside it, never fails:
        // no 10 ms window falls below half its usual level
        let levels = noiseEnvelope(samples, rate: rate)
        let first = onsets[0] / (rate / 100) + 510
        let last = onsets[0] / (rate / 100) + 990
        let bed = Array(levels[first..<last])
        let median = bed.sorted()[bed.count / 2]
        let lowest = bed.min() ?? 0
        #expect(median > 0.05 && lowest > median / 2, "bed \(median), lowest window \(lowest)")
        // And the broker, back, is told that nobody sits any more, and that the service is there
        #expect(try broker.waitForRetained("\(base)/state") { $0.contains(#""sitting":"OFF""#) } != nil)
        #expect(try broker.retained("\(base)/availability", count: 1)["\(base)/availability"] == "online")
        // And the sit is in the history, complete
        let history = try service.history()
        #expect(history[0]?["completed"] == true, "\(history.line)")
    }
}
