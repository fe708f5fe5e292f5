import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

/// A guided track followed and moved by a client.
extension ServiceLiveTests {
    @Test(
        "a playing track's position is told once a second, and a seek back to its start is heard within the latency and plays it again from there",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func trackPositionAndSeek() throws {
        // Given an 8-second track, louder each second, playing in the service (300 ms of
        // latency), followed by a client, and the sink recorded on the wall clock
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let track = try steppedTone(seconds: 8, in: scratch)
        let service = try service(scratch)
        defer { service.stop() }
        let capture = try WallClockCapture()
        let events = try service.subscriber()
        _ = try service.client().call("play.start", ["track": .string(track), "normalize": false])
        var positions: [Int] = []
        while let event = try events.nextEvent(timeoutMilliseconds: 20_000) {
            if event["event"] == "position", let second = event["position"]?.intValue {
                positions.append(second)
                #expect(event["duration"]?.numberValue == 8, "\(event.line)")
                if second == 2 { break }
            }
        }

        // When a client moves it back to its start
        let asked = Date().timeIntervalSince1970
        let moved = try service.client().call("seek", ["to": 0])
        let seekTime = Date()
        let (names, received) = try follow(events, untilEnded: 1)
        let (samples, start) = capture.stop()

        // Then the positions came second by second, the move was told, and after what the
        // device had queued (its latency) the track played again from its start, to its end
        #expect(positions == [0, 1, 2], "\(positions)")
        #expect(moved["seeking"] == true)
        let movedTo = received.first { $0["event"] == "moved" }?["position"]?.numberValue
        #expect(movedTo == 0, "\(names)")
        let later = received.filter { $0["event"] == "position" }.compactMap { $0["position"]?.intValue }
        let restart = try #require(later.firstIndex(of: 0), "no position 0 after the seek: \(later)")
        #expect(Array(later[restart...]) == Array(0...7), "\(later)")
        #expect(later[..<restart].allSatisfy { $0 > 2 }, "\(later)")
        let took = Date().timeIntervalSince(seekTime)
        #expect(took > 7.5, "ended \(took) s after the seek")
        // And the sink played the start's level (second 0) within the latency of the request,
        // not after the 2 s the stream holds queued: the latency, the margin a rewrite keeps
        // (half of it) and the 30 ms fade out of the old place
        let heard = try #require(
            Self.firstHeld(level: Self.steppedLevel(0), in: samples, after: asked - start),
            "the start's level never came back")
        let delay = start + heard - asked
        #expect(delay < 0.3 * 1.5 + 0.03 + 0.15, "the seek was heard \(delay) s after it was asked")
        // And a seek with nothing playing is refused
        #expect(throws: ControlError.self) { try service.client().call("seek", ["by": 10]) }
    }

    /// The peak of second `second` of `steppedTone`.
    static func steppedLevel(_ second: Int) -> Double { 0.04 * Double(second + 1) }

    /// A 440 Hz tone whose peak steps up each second (`steppedLevel`), so that a capture tells
    /// which second plays.
    func steppedTone(seconds: Int, in scratch: Scratch) throws -> String {
        try tone(seconds: seconds, in: scratch, name: "stepped.wav", peak: Self.steppedLevel)
    }

    /// Seconds into `samples` (stereo, 48 kHz) from `after` seconds on, of the first 10 ms
    /// window whose RMS is that of a sine of peak `level` (within 15 %) for 100 ms on.
    static func firstHeld(level: Double, in samples: [Float], after: Double) -> Double? {
        let window = 480
        let expected = level / 2.0.squareRoot()
        let windows = samples.count / 2 / window
        let rms = (0..<windows).map { index -> Double in
            let range = (index * window * 2)..<((index + 1) * window * 2)
            return (samples[range].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(window * 2)).squareRoot()
        }
        let first = max(0, Int(after * 100))
        guard first + 10 <= windows else { return nil }
        for index in first..<(windows - 10)
        where rms[index..<(index + 10)].allSatisfy({ abs($0 - expected) < 0.15 * expected }) {
            return Double(index) / 100
        }
        return nil
    }
}
