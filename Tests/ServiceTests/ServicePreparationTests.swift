import Clock
import Control
import Foundation
import ProgramTestSupport
import Testing

/// A sit whose bed is a long file outside the library is made ready off the service's control
/// thread: meanwhile every client is answered, a stop and SIGTERM act at once, and what was
/// stopped is never started. Against a real `meditate serve` playing to ALSA's null device.
@Suite("Service: a session made ready off the control thread")
struct ServicePreparationTests {
    /// A WAV whose header promises 3.9 GB of 16-bit stereo at 48 kHz, all of it a hole in the
    /// file: measuring it decodes the whole length (over a minute here), and it costs no disk.
    static func sparseWAV(_ path: String) throws {
        let dataBytes: UInt32 = 3_900_000_000
        var header: [UInt8] = Array("RIFF".utf8)
        func le32(_ value: UInt32) { header += withUnsafeBytes(of: value.littleEndian, Array.init) }
        func le16(_ value: UInt16) { header += withUnsafeBytes(of: value.littleEndian, Array.init) }
        le32(dataBytes + 36)
        header += Array("WAVEfmt ".utf8)
        le32(16)
        le16(1)
        le16(2)
        le32(48_000)
        le32(48_000 * 4)
        le16(4)
        le16(16)
        header += Array("data".utf8)
        le32(dataBytes)
        _ = FileManager.default.createFile(atPath: path, contents: Data(header))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(header.count) + UInt64(dataBytes))
        try handle.close()
    }

    /// Sends `sit.start` with the sparse file as the bed on a connection of its own, without
    /// waiting for the answer, and waits until the service says it is making it ready.
    static func startPreparing(_ service: RunningService, bed: String) throws -> RawUnixSocket {
        let raw = try RawUnixSocket(path: service.socket)
        let line = #"{"jsonrpc":"2.0","id":7,"method":"sit.start","params":{"minutes":1,"ambience":"\#(bed)"}}"#
        try raw.send(Array((line + "\n").utf8))
        let client = try service.client()
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if try client.call("status")["preparing"] == "timer" { return raw }
            Thread.sleep(forTimeInterval: 0.02)
        }
        Issue.record("the service never said it was making the sit ready")
        return raw
    }

    @Test("while a long bed is measured, status is answered at once, and a stop ends it before it ever starts")
    func stopEndsAPreparationBeforeItStarts() throws {
        // Given an idle service, and a sit asked for whose bed is a 3.9 GB file outside the library
        let scratch = try Scratch()
        let bed = scratch.path("long.wav")
        try Self.sparseWAV(bed)
        let service = try RunningService(["--backend", "alsa", "--device", "null"], scratch: scratch)
        defer { service.stop() }
        let asker = try Self.startPreparing(service, bed: bed)

        // When another client asks for the status, ten times, while the file is measured
        let other = try service.client()
        var slowest = 0.0
        for _ in 0..<10 {
            let start = MonotonicClock.seconds()
            let status = try other.call("status")
            slowest = max(slowest, MonotonicClock.seconds() - start)
            #expect(status == ["state": "idle", "preparing": "timer"])
        }
        // Then each is answered at once (before, the whole measuring, over a minute, stood in
        // the way; the bound is loose for a busy machine, the figure is in the notes). The
        // bound is the release build's: make test's ThreadSanitizer phase runs this test on a
        // debug build 5 to 15 times slower, beside others, where its subject is the threads
        // (a status took 1.15 s there once), so that build is held to 5 s, still far from the
        // minute the measuring took.
        #if DEBUG
        let bound = 5.0
        #else
        let bound = 1.0
        #endif
        #expect(slowest < bound, "the slowest status took \(slowest) s")

        // When the other client stops it
        let stopped = try other.call("stop")
        // Then the stop is answered, and the asker is told the sit never started
        #expect(stopped == ["stopping": true])
        let answer = asker.readLine(seconds: 5) ?? "no answer"
        #expect(answer.contains("stopped before it started"), "\(answer)")
        // And nothing plays or was recorded, and a sit asked for next starts
        #expect(try other.call("status") == ["state": "idle"])
        #expect(try service.history()[0] == nil)
        let next = try other.call("sit.start", ["minutes": 0.05, "countdown": 0])
        #expect(next["session"]?["id"]?.intValue != nil, "\(next)")
        // (ALSA's null device plays it out at once: it may be over before this stop)
        _ = try? other.call("stop")
    }

    @Test("SIGTERM while a long bed is measured ends the service within a second, and the sit never starts")
    func sigtermDuringAPreparationEndsAtOnce() throws {
        // Given a service measuring a 3.9 GB bed for a sit asked for
        let scratch = try Scratch()
        let bed = scratch.path("long.wav")
        try Self.sparseWAV(bed)
        let service = try RunningService(["--backend", "alsa", "--device", "null"], scratch: scratch)
        let asker = try Self.startPreparing(service, bed: bed)

        // When it is sent SIGTERM
        let start = MonotonicClock.seconds()
        let log = service.stop()
        let took = MonotonicClock.seconds() - start

        // Then it has exited within a second (before, some 55 s), having told the asker why
        #expect(took < 1, "SIGTERM took \(took) s")
        let answer = asker.readLine(seconds: 1) ?? "no answer"
        #expect(answer.contains("the service is stopping"), "\(answer)")
        // And the sit never started: not in the log, not in the history
        #expect(!log.contains("started:"), "\(log)")
        #expect(try service.history()[0] == nil)
    }

    @Test("Ctrl-C in a terminal following the service while a long bed is measured ends it at once, and nothing starts")
    func ctrlCWhileMadeReadyStopsIt() throws {
        // Given a service on the user's socket, and `meditate sit` asking it for a sit whose bed
        // is a 3.9 GB file outside the library, the service measuring it
        let scratch = try Scratch()
        let bed = scratch.path("long.wav")
        try Self.sparseWAV(bed)
        let runtime = scratch.path("runtime")
        let service = try RunningService(
            ["--backend", "alsa", "--device", "null"], scratch: scratch, socket: runtime + "/meditate/control.sock")
        defer { service.stop() }
        let sit = try RunningMeditate(
            ["--minutes", "1", "--countdown", "0", "--ambience", bed],
            environment: ["XDG_RUNTIME_DIR": runtime, "XDG_DATA_HOME": scratch.path("data")])
        let other = try service.client()
        let deadline = Date().addingTimeInterval(20)
        while try other.call("status")["preparing"] == nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        try #require(try other.call("status")["preparing"] == "timer")

        // When the person presses Ctrl-C
        let start = MonotonicClock.seconds()
        kill(sit.process.processIdentifier, SIGINT)
        let log = sit.finish()
        let took = MonotonicClock.seconds() - start

        // Then the terminal is back at once (before, when the measuring ended, over a minute),
        // saying the sit never started
        #expect(took < 2, "Ctrl-C took \(took) s")
        #expect(log.contains("stopped before it started"), "\(log)")
        // And nothing plays or was recorded
        #expect(try other.call("status") == ["state": "idle"])
        #expect(try service.history()[0] == nil)
    }
}
