import Control
import Foundation
import PulseTestSupport
import Testing

/// A guided track followed and moved by a client.
extension ServiceLiveTests {
    @Test(
        "a playing track's position is told once a second, and a seek back to its start plays it again from there",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func trackPositionAndSeek() throws {
        // Given an 8-second track playing in the service, followed by a client
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let track = try tone(seconds: 8, in: scratch)
        let service = try service(scratch)
        defer { service.stop() }
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
        let moved = try service.client().call("seek", ["to": 0])
        let seekTime = Date()
        let (names, received) = try follow(events, untilEnded: 1)

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
        // And a seek with nothing playing is refused
        #expect(throws: ControlError.self) { try service.client().call("seek", ["by": 10]) }
    }
}
