import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

/// A guided track whose file is cut short while the service plays it.
extension ServiceLiveTests {
    @Test(
        "a track whose file is cut short while the service plays it ends early, with one line in the log saying why",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func truncatedTrackIsSaidInTheLog() throws {
        // Given a 12-second track playing in the service
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let track = try tone(seconds: 12, in: scratch, name: "talk.wav")
        let service = try service(scratch)
        defer { service.stop() }
        let events = try service.subscriber()
        _ = try service.client().call("play.start", ["track": .string(track), "normalize": false])

        // When, a second into it, the file loses everything after its ninth second
        var playing = false
        while !playing, let event = try events.nextEvent(timeoutMilliseconds: 10_000) {
            playing = event["event"] == "position"
        }
        Thread.sleep(forTimeInterval: 1)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: track)[.size] as? Int)
        #expect(truncate(track, off_t(size - 3 * rate * 8)) == 0)
        var ended: JSONValue?
        while ended == nil, let event = try events.nextEvent(timeoutMilliseconds: 20_000) {
            if event["event"] == "session-ended" { ended = event }
        }
        let log = service.stop()

        // Then the session ended early, after what could be read, and the log says why in one line
        #expect(ended?["completed"] == false, "\(ended?.line ?? "no end")")
        #expect((ended?["satSeconds"]?.intValue ?? 0) >= 8, "\(ended?.line ?? "no end")")
        let reasons = log.split(separator: "\n").filter { $0.contains("the file is truncated") }
        #expect(reasons.count == 1 && reasons[0].contains("talk.wav'"), "\(log)")
    }
}
