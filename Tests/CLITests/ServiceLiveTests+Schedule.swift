import Control
import Foundation
import PulseTestSupport
import Testing

/// Schedules on the wall clock, heard on the sink's monitor.
extension ServiceLiveTests {
    @Test(
        "a scheduled bell reaches the sink on its wall-clock second; one that falls inside a sit is skipped and says so",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func scheduledBellOnTheWallClock() throws {
        // Given a service, a subscribed client, and the monitor recorded on the wall clock
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let service = try service(scratch)
        defer { service.stop() }
        let events = try service.subscriber()
        let capture = try WallClockCapture()

        // When two bells are scheduled on whole seconds of the local clock, 5 and 12 s ahead
        let first = (Date().timeIntervalSince1970 + 5).rounded(.down)
        let second = first + 7
        for instant in [first, second] {
            _ = try service.client().call(
                "schedule.add", ["action": "bell", "at": .string(Self.clockText(instant)), "options": ["gong": "bell"]])
        }
        // And a sit starts once the first has rung, still playing when the second is due
        var received: [JSONValue] = []
        while let event = try events.nextEvent(timeoutMilliseconds: 20_000) {
            received.append(event)
            if event["event"] == "bell" { break }
        }
        _ = try service.client().call("sit.start", ["minutes": "0.2", "countdown": 0, "gong": "bowl"])
        while let event = try events.nextEvent(timeoutMilliseconds: 20_000) {
            received.append(event)
            if event["event"] == "schedule-skipped" { break }
        }
        _ = try service.client().call("stop")
        while let event = try events.nextEvent(timeoutMilliseconds: 20_000), event["event"] != "session-ended" {}
        let (samples, start) = capture.stop()

        // Then the first bell's first sample is on the capture within 50 ms of its second
        let onsets = strikeOnsets(samples)
        let onset = try #require(onsets.first, "no bell on the capture")
        let error = start + Double(onset) / 48_000 - first
        #expect(abs(error) <= 0.050, "the bell reached the sink \(Int(error * 1000)) ms from its second")
        // And the events say it fired, then rang at that instant
        let fired = received.first { $0["event"] == "schedule-fired" }
        #expect(fired?["schedule"] == 1 && fired?["due"]?.numberValue == first, "\(received.map(\.line))")
        let bell = received.first { $0["event"] == "bell" }
        #expect(bell?["schedule"] == 1, "\(received.map(\.line))")
        #expect(abs((bell?["at"]?.numberValue ?? 0) - first) <= 0.050, "\(bell?.line ?? "no bell")")
        // And the second, due inside the sit, was skipped, saying why
        let skipped = received.last
        #expect(skipped?["event"] == "schedule-skipped" && skipped?["schedule"] == 2, "\(received.map(\.line))")
        #expect(skipped?["reason"] == "busy" && skipped?["due"]?.numberValue == second, "\(skipped?.line ?? "")")
    }

    /// "HH:MM:SS" of the local clock, as a person writes a schedule's time.
    static func clockText(_ instant: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone.current
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: Date(timeIntervalSince1970: instant))
    }
}
