import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

/// `--until`: a sit whose completion gong sounds at a time of day, heard on the private
/// PulseAudio server's sink and timed by the wall clock, as the scheduled bells are.
@Suite(
    "A sit until a time of day, heard on time", .serialized,
    .enabled(if: PulseCapture.available, "needs the private PulseAudio server of `make test`"))
struct UntilLiveTests {
    /// Waits, when the local clock is within a minute before midnight or four minutes after,
    /// until four minutes past it: a time of day a few seconds ahead or two minutes back would
    /// otherwise be one of another day (23:58 just after midnight is tonight's, not a past one).
    private static func awayFromMidnight() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let now = Date()
        let intoDay = now.timeIntervalSince(calendar.startOfDay(for: now))
        if intoDay < 240 {
            Thread.sleep(forTimeInterval: 240 - intoDay)
        } else if intoDay > 86_340 {
            Thread.sleep(forTimeInterval: 86_400 - intoDay + 240)
        }
    }

    /// The whole second `seconds` from now, and its "HH:MM:SS" in the local zone.
    private static func wholeSecond(in seconds: Double) -> (instant: Double, text: String) {
        let instant = (Date().timeIntervalSince1970 + seconds).rounded(.up)
        return (instant, ServiceLiveTests.clockText(instant))
    }

    /// The strikes heard in `capture` since it began, as instants.
    private static func onsets(_ capture: WallClockCapture) -> [Double] {
        let (samples, start) = capture.stop()
        return strikeOnsets(samples).map { start + Double($0) / 48_000 }
    }

    @Test("meditate --until HH:MM:SS rings its completion gong within 20 ms of that instant")
    func terminalSitEndsOnTheSecond() throws {
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        Self.awayFromMidnight()
        // Given a sit until the whole second some 9 s from now, with the bell and no countdown
        let capture = try WallClockCapture()
        let until = Self.wholeSecond(in: 9)

        // When it plays to its end on the private server
        let result = try CLIRunner.run(
            ["--until", until.text, "--countdown", "0", "--gong", "bell", "--backend", "pulse"], environment: [:])

        // Then two gongs were heard, the completion gong's first sample within 20 ms of the instant
        let onsets = Self.onsets(capture)
        #expect(result.status == 0, "\(result.stderr)")
        try #require(onsets.count == 2, "strikes at \(onsets.map { $0 - until.instant }) s from \(until.text)")
        let error = onsets[1] - until.instant
        #expect(abs(error) <= 0.020, "the completion gong was \(Int(error * 1000)) ms off \(until.text)")
    }

    @Test("sit.start with until rings the completion gong within 20 ms of that instant; a past time is one line")
    func serviceSitEndsOnTheSecond() throws {
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        Self.awayFromMidnight()
        // Given the service on the private server
        let scratch = try Scratch()
        let service = try RunningService(["--backend", "pulse"], scratch: scratch)
        defer { service.stop() }
        let events = try service.subscriber()
        let capture = try WallClockCapture()

        // When a client asks for a sit until the whole second some 9 s from now
        let until = Self.wholeSecond(in: 9)
        _ = try service.client().call("sit.start", ["until": .string(until.text), "countdown": 0, "gong": "bell"])
        var ended: JSONValue?
        while ended == nil, let event = try events.nextEvent(timeoutMilliseconds: 30_000) {
            if event["event"] == "session-ended" { ended = event }
        }

        // Then it completed, its completion gong heard within 20 ms of the instant
        let onsets = Self.onsets(capture)
        #expect(ended?["completed"] == true, "\(ended?.line ?? "no end")")
        try #require(onsets.count == 2, "strikes at \(onsets.map { $0 - until.instant }) s from \(until.text)")
        let error = onsets[1] - until.instant
        #expect(abs(error) <= 0.020, "the completion gong was \(Int(error * 1000)) ms off \(until.text)")

        // And a time already past is refused in one line
        // (not on a whole minute: the line says a time as config.toml keeps it, "07:22" for
        // "07:22:00", and this one is compared as typed)
        var past = Self.wholeSecond(in: -120)
        if past.text.hasSuffix(":00") { past = Self.wholeSecond(in: -121) }
        #expect(throws: (any Error).self) { try service.client().call("sit.start", ["until": .string(past.text)]) }
        do {
            _ = try service.client().call("sit.start", ["until": .string(past.text)])
        } catch {
            #expect("\(error)".contains("--until \(past.text): that time has passed today"), "\(error)")
        }
        // And one on a whole minute is said as config.toml keeps it, without its seconds: the
        // line names the time that is meant, "07:22" for "07:22:00"
        let minute = past.instant - past.instant.truncatingRemainder(dividingBy: 60) - 60
        let typed = ServiceLiveTests.clockText(minute)
        #expect(typed.hasSuffix(":00"), "\(typed)")
        do {
            _ = try service.client().call("sit.start", ["until": .string(typed)])
            Issue.record("\(typed) was taken, a time already past")
        } catch {
            #expect(
                "\(error)".contains("--until \(typed.dropLast(3)): that time has passed today"), "\(typed): \(error)")
        }
    }
}
