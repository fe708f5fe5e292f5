import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

/// A bell rung by hand while a sit plays: one output for both.
extension ServiceLiveTests {
    @Test(
        "a bell rung during a sit is heard within the latency through the sit's stream, and the sit's gongs stay on their frames",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func bellDuringASitSharesItsStream() throws {
        // Given a service playing a 9-second sit (gongs at its start and end), the monitor
        // recorded on the wall clock
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let service = try service(scratch)
        defer { service.stop() }
        let events = try service.subscriber()
        let capture = try WallClockCapture()
        let streamsBefore = try TwoRoomSinks.streams()
        _ = try service.client().call("sit.start", ["minutes": "0.15", "countdown": 0, "gong": "bell"])
        var received: [JSONValue] = []
        while let event = try events.nextEvent(timeoutMilliseconds: 20_000) {
            received.append(event)
            if event["event"] == "bell" { break }
        }

        // When, four and a half seconds in, another client rings a bell
        Thread.sleep(forTimeInterval: 4.5)
        let asked = Date().timeIntervalSince1970
        _ = try service.client().call("bell.ring", ["gong": "bell"])
        Thread.sleep(forTimeInterval: 1)
        let streamsWithTheBell = try TwoRoomSinks.streams()
        while let event = try events.nextEvent(timeoutMilliseconds: 20_000) {
            received.append(event)
            if event["event"] == "session-ended" { break }
        }
        Thread.sleep(forTimeInterval: 0.3)
        let (samples, start) = capture.stop()

        // Then the bell and the sit share the service's one stream
        #expect(streamsWithTheBell == streamsBefore + 1, "\(streamsWithTheBell - streamsBefore) streams")
        // And the capture holds the start gong, the bell, and the completion gong 9 s after the
        // start gong, as if no bell had been rung (±30 ms)
        let onsets = strikeOnsets(samples)
        try #require(onsets.count == 3, "onsets at \(onsets.map { Double($0) / 48_000 })")
        let completion = Double(onsets[2] - onsets[0]) / 48_000
        #expect(abs(completion - 9) <= 0.030, "completion gong \(completion) s after the start gong")
        // And the bell is heard within the service's latency (300 ms) and a margin of 100 ms
        let heard = start + Double(onsets[1]) / 48_000
        #expect(
            heard - asked > 0 && heard - asked <= 0.4,
            "the bell heard \(Int((heard - asked) * 1000)) ms after it was asked")
        // And its event tells when it was heard, within 50 ms
        let bell = received.first { $0["event"] == "bell" && $0["bell"] == "bell" }
        let told = try #require(bell?["at"]?.numberValue, "\(received.map(\.line))")
        #expect(abs(told - heard) <= 0.050, "told \(Int((told - heard) * 1000)) ms from when it was heard")
    }
}

/// A crowd of bells: each is a program of the engine, whose room is fixed.
extension ServiceLiveTests {
    @Test(
        "twenty bells asked for at once: eight ring, the rest are refused with one line, and a sit asked for then plays",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func aCrowdOfBellsLeavesRoomForASit() throws {
        // Given an idle service on the private server, whose device plays in real time
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let service = try service(scratch)
        defer { service.stop() }
        let client = try service.client()

        // When twenty bells are rung, one after another at once
        var rung = 0
        var refusals: [String] = []
        for _ in 0..<20 {
            if let refused = client.refusal("bell.ring", [:]) { refusals.append(refused.message) } else { rung += 1 }
        }
        // Then eight ring and the others are told why, in one line
        #expect(rung == 8, "\(rung) rang; \(refusals)")
        #expect(
            refusals.allSatisfy { $0 == "8 bells are ringing already; ring again when one has ended" }, "\(refusals)")

        // When a sit is asked for among them
        let started = try client.call("sit.start", ["minutes": 1, "countdown": 0])
        // Then it plays: two seconds later it is sitting, not ended, and the history has it open
        #expect(started["session"]?["id"]?.intValue != nil, "\(started)")
        Thread.sleep(forTimeInterval: 2)
        let status = try client.call("status")
        #expect(status["state"] == "sitting", "\(status)")
        _ = try client.call("stop")
    }
}
