import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

/// A long pause closes the session's stream; the resume opens it again.
extension ServiceLiveTests {
    @Test(
        "a sit paused past the quiet spell closes its stream, and the resume opens it again and rings the rest on time",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func quietPauseClosesTheStream() throws {
        // Given a service that closes a paused session's output after 1 s, and the sink recorded
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let service = try RunningService(
            ["--backend", "pulse", "--latency-ms", "300", "--quiet", "1"], scratch: scratch)
        defer { service.stop() }
        let events = try service.subscriber()
        let capture = try PulseCapture(into: scratch.path("monitor.raw"))
        let streamsBefore = try TwoRoomSinks.streams()

        // When a 6-second sit with a bell at 3 s is paused a second after its start gong, for 3 s
        _ = try service.client().call(
            "sit.start", ["minutes": "0.1", "interval": "0.05", "countdown": "0", "gong": "bell"])
        var received: [JSONValue] = []
        func next(until name: String, _ detail: String? = nil) throws {
            try events.readEvents(until: name, detail, into: &received, timeoutMilliseconds: 20_000)
        }
        try next(until: "bell", "start")
        Thread.sleep(forTimeInterval: 1)
        let streamsPlaying = try TwoRoomSinks.streams()
        _ = try service.client().call("pause")
        try next(until: "phase", "paused")
        Thread.sleep(forTimeInterval: 3)
        let streamsPaused = try TwoRoomSinks.streams()
        _ = try service.client().call("resume")
        try next(until: "phase", "sitting")
        Thread.sleep(forTimeInterval: 0.5)
        let streamsResumed = try TwoRoomSinks.streams()
        try next(until: "session-ended")
        Thread.sleep(forTimeInterval: 0.3)
        let samples = try capture.stop()

        // Then the stream played, was closed while paused, and played again after the resume
        #expect(streamsPlaying == streamsBefore + 1)
        #expect(streamsPaused == streamsBefore, "\(streamsPaused - streamsBefore) streams while paused")
        #expect(streamsResumed == streamsBefore + 1)
        // And the sit rang all its gongs and ended complete, the pause and resume told
        let ended = received.last { $0["event"] == "session-ended" }
        #expect(ended?["completed"] == true, "\(received.map(\.line))")
        let bells = received.filter { $0["event"] == "bell" }.compactMap { $0["bell"]?.stringValue }
        #expect(bells == ["start", "interval", "completion"], "\(bells)")
        // And on the capture the interval bell came more than the pause after the start gong, and
        // the completion gong exactly 3 s after it: the device opened again plays on at its frame
        let onsets = strikeOnsets(samples, rate: rate)
        try #require(onsets.count == 3, "onsets at \(onsets.map { Double($0) / Double(rate) })")
        #expect(Double(onsets[1] - onsets[0]) / Double(rate) > 3 + 3)
        let last = Double(onsets[2] - onsets[1]) / Double(rate)
        #expect(abs(last - 3) <= 0.030, "completion gong \(last) s after the interval bell")
        #expect(service.waitForLog(containing: "the sound output is closed").contains("paused for"))
    }
}
