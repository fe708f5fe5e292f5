import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Settings
import Testing

/// Schedules on the wall clock, heard on the sink's monitor.
extension ServiceLiveTests {
    @Test(
        "a scheduled bell reaches the sink on its wall-clock second; those that fall inside a sit are skipped and say so",
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

        // When three bells are scheduled on whole seconds of the local clock, 5, 12 and 15 s ahead
        let first = (Date().timeIntervalSince1970 + 5).rounded(.down)
        let second = first + 7
        let third = first + 10
        for instant in [first, second, third] {
            _ = try service.client().call(
                "schedule.add", ["action": "bell", "at": .string(Self.clockText(instant)), "options": ["gong": "bell"]])
        }
        // And a sit starts once the first has rung, 1.5 s before the second is due (its output
        // is open by then, 2.5 s ahead), and still plays when the third is due
        var received: [JSONValue] = []
        while let event = try events.nextEvent(timeoutMilliseconds: 20_000) {
            received.append(event)
            if event["event"] == "bell" { break }
        }
        Thread.sleep(forTimeInterval: max(0, second - 1.5 - Date().timeIntervalSince1970))
        _ = try service.client().call("sit.start", ["minutes": "0.2", "countdown": 0, "gong": "bowl"])
        var skips = 0
        while skips < 2, let event = try events.nextEvent(timeoutMilliseconds: 20_000) {
            received.append(event)
            if event["event"] == "schedule-skipped" { skips += 1 }
        }
        _ = try service.client().call("stop")
        try events.waitForEvent("session-ended", timeoutMilliseconds: 20_000)
        let (samples, start) = capture.stop()

        // Then the first bell's first sample is on the capture within 50 ms of its second
        let onsets = strikeOnsets(samples)
        let onset = try #require(onsets.first, "no bell on the capture")
        let error = start + Double(onset) / 48_000 - first
        #expect(abs(error) <= 0.050, "the bell reached the sink \(Int(error * 1000)) ms from its second")
        // And the events say it fired, then rang at that instant
        let fired = received.filter { $0["event"] == "schedule-fired" }
        #expect(fired.count == 1 && fired.first?["schedule"] == 1, "\(received.map(\.line))")
        #expect(fired.first?["due"]?.numberValue == first, "\(received.map(\.line))")
        let bells = received.filter { $0["event"] == "bell" && $0["schedule"] != nil }
        #expect(bells.count == 1 && bells.first?["schedule"] == 1, "\(received.map(\.line))")
        #expect(abs((bells.first?["at"]?.numberValue ?? 0) - first) <= 0.050, "\(bells.first?.line ?? "no bell")")
        // And the second, whose output was open when the sit started, and the third, due inside
        // the sit, were skipped, saying why; neither rang
        let skipped = received.filter { $0["event"] == "schedule-skipped" }
        #expect(skipped.map { $0["schedule"] } == [2, 3], "\(received.map(\.line))")
        #expect(skipped.map { $0["reason"] } == ["busy", "busy"], "\(skipped.map(\.line))")
        #expect(skipped.map { $0["due"]?.numberValue } == [second, third], "\(skipped.map(\.line))")
        // And the log says the same: the first rang, the second (made ready, then withdrawn)
        // and the third were skipped, and no line says a skipped one rang or fired
        let log = service.waitForLog(containing: "schedule 3 skipped")
        #expect(log.components(separatedBy: "ringing: bell (bell)").count == 2, "\(log)")
        #expect(log.contains("schedule 1: bell") && log.contains("schedule 2 skipped"), "\(log)")
        #expect(!log.contains("schedule 2: bell") && !log.contains("schedule 3: bell"), "\(log)")
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

/// Schedules due at one instant.
extension ServiceLiveTests {
    @Test(
        "forty bell schedules at one second ring one bell: the others are skipped as busy, one sound, one program",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func bellsAtOneInstantRingOnce() throws {
        // Given a service, a subscribed client, and the monitor recorded on the wall clock
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let service = try service(scratch)
        defer { service.stop() }
        let events = try service.subscriber()
        let capture = try WallClockCapture()

        // When forty bells are scheduled at the same second, 6 s ahead, some to sound over a sit
        let instant = (Date().timeIntervalSince1970 + 6).rounded(.down)
        for index in 0..<40 {
            let params: JSONValue = [
                "action": "bell", "at": .string(Self.clockText(instant)), "over": .bool(index % 2 == 1),
                "options": ["gong": "bell"]
            ]
            _ = try service.client().call("schedule.add", params)
        }
        var received: [JSONValue] = []
        while let event = try events.nextEvent(timeoutMilliseconds: 20_000) {
            received.append(event)
            if received.filter({ $0["event"] == "schedule-skipped" }).count == 39 { break }
        }
        while let event = try events.nextEvent(timeoutMilliseconds: 4000) {
            received.append(event)
            if event["event"] == "bell" { break }
        }
        Thread.sleep(forTimeInterval: 3)
        let (samples, _) = capture.stop()

        // Then one schedule fired and the other 39 were skipped as busy
        let fired = received.filter { $0["event"] == "schedule-fired" }
        let skipped = received.filter { $0["event"] == "schedule-skipped" }
        #expect(fired.count == 1, "\(received.map(\.line))")
        #expect(skipped.count == 39 && skipped.allSatisfy { $0["reason"] == "busy" }, "\(skipped.map(\.line))")
        // And the sink heard one bell, as loud as one bell rung alone is (within 0.5 dB: forty
        // at once would sum, or be pressed down by the ceiling)
        #expect(strikeOnsets(samples).count == 1)
        let peak = samples.reduce(0) { max($0, abs($1)) }
        let alone = try WallClockCapture()
        _ = try service.client().call("bell.ring", ["gong": "bell"])
        try events.waitForEvent("bell", timeoutMilliseconds: 4000)
        Thread.sleep(forTimeInterval: 3)
        let (one, _) = alone.stop()
        let onePeak = one.reduce(0) { max($0, abs($1)) }
        #expect(strikeOnsets(one).count == 1)
        #expect(
            onePeak > 0.05 && abs(20 * log10(Double(peak) / Double(onePeak))) <= 0.5,
            "peak \(peak), one bell \(onePeak)")
    }
}
