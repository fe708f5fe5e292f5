import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Settings
import Testing

/// The wall clock set under a waiting schedule, as NTP sets a Raspberry Pi's clock after boot:
/// the service's clock is libfaketime's, moved through its timestamp file, while its monotonic
/// clock and the sound server's stay true.
extension ServiceLiveTests {
    /// libfaketime's preload library, wherever the architecture's library folder is.
    static let fakeTimeLibrary: String? = {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib")) ?? []
        return folders.map { "/usr/lib/\($0)/faketime/libfaketime.so.1" }
            .first { FileManager.default.fileExists(atPath: $0) }
    }()

    @Test(
        "a clock set 60 s forward and then 60 s back under waiting bells: each rings once, at its instant",
        .enabled(
            if: PulseCapture.available && RequiredTools.runs(needing: fakeTimeLibrary != nil),
            "needs the private server of `make test` and Debian's faketime"))
    func bellsRingAtTheirInstantWhenTheClockIsSet() throws {
        // Given a service whose wall clock is real time plus the offset in a file
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let library = try #require(Self.fakeTimeLibrary, "libfaketime is not installed")
        let scratch = try Scratch()
        let offsetFile = scratch.path("faketime")
        func setClock(_ offset: Int) throws {
            try "\(offset >= 0 ? "+" : "")\(offset)\n".write(toFile: offsetFile, atomically: true, encoding: .utf8)
        }
        try setClock(0)
        let service = try RunningService(
            ["--backend", "pulse", "--latency-ms", "300"], scratch: scratch,
            environment: [
                "LD_PRELOAD": library, "FAKETIME_TIMESTAMP_FILE": offsetFile, "FAKETIME_NO_CACHE": "1",
                "FAKETIME_DONT_FAKE_MONOTONIC": "1",
                // Without it libfaketime sets up its shared memory in a way that leaves the
                // Swift runtime with an empty argv (libfaketime 0.9.10): a name that does not
                // exist makes it use none.
                "FAKETIME_SHARED": "/meditate-none /meditate-none"
            ])
        defer { service.stop() }
        let events = try service.subscriber()
        let capture = try WallClockCapture()

        // When a bell is scheduled 75 s ahead and the clock is set 60 s forward 3 s later
        let first = (Date().timeIntervalSince1970 + 75).rounded(.down)
        _ = try service.client().call(
            "schedule.add", ["action": "bell", "at": .string(Self.clockText(first)), "options": ["gong": "bell"]])
        Thread.sleep(forTimeInterval: 3)
        try setClock(60)
        var received: [JSONValue] = []
        while let event = try events.nextEvent(timeoutMilliseconds: 30_000) {
            received.append(event)
            if event["event"] == "bell" { break }
        }
        // And another is scheduled 8 s ahead of the clock as it is now, and the clock is set
        // back to the truth 2 s later, 60 s back
        let second = (Date().timeIntervalSince1970 + 60 + 8).rounded(.down)
        _ = try service.client().call(
            "schedule.add", ["action": "bell", "at": .string(Self.clockText(second)), "options": ["gong": "bell"]])
        Thread.sleep(forTimeInterval: 2)
        try setClock(0)
        while let event = try events.nextEvent(timeoutMilliseconds: 80_000) {
            received.append(event)
            if event["event"] == "bell", event["schedule"] == 2 { break }
        }
        Thread.sleep(forTimeInterval: 1)
        let (samples, start) = capture.stop()
        let log = service.stop()

        // Then the capture holds two bells: the first 60 s before its clock time (the clock
        // then ran 60 s ahead), the second at its clock time, each within 50 ms
        let onsets = strikeOnsets(samples).map { start + Double($0) / 48_000 }
        try #require(onsets.count == 2, "bells heard at \(onsets.map { $0 - start }) s: \(received.map(\.line))")
        let errors = [onsets[0] - (first - 60), onsets[1] - second]
        #expect(errors.allSatisfy { abs($0) <= 0.050 }, "the bells were \(errors.map { Int($0 * 1000) }) ms off")
        // And the events say each rang once, none was missed, and the log says the clock was set
        let bells = received.filter { $0["event"] == "bell" }.compactMap { $0["schedule"] }
        #expect(bells == [1, 2], "\(received.map(\.line))")
        #expect(!received.contains { $0["event"] == "schedule-skipped" }, "\(received.map(\.line))")
        #expect(log.contains("the clock was set +60"), "\(log)")
        #expect(log.contains("the clock was set -60"), "\(log)")
    }
}
