import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

@testable import Service

/// A sit that completes while the disk is full.
extension ServiceLiveTests {
    @Test(
        "a sit completed on a full disk is recorded once there is room again, not left running",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"),
        .enabled(if: getuid() == 0, "mounting a small tmpfs needs root"))
    func finalRecordLandsWhenTheDiskHasRoomAgain() throws {
        // Given a service whose history is on a 2 MiB tmpfs
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let data = try Self.mountSmallDisk(in: scratch)
        defer { try? Self.run("/bin/umount", ["-l", data]) }
        let service = try service(scratch)
        defer { service.stop() }
        let events = try service.subscriber()

        // When the disk is filled, and a 3-second sit plays to its end
        let filler = data + "/filler"
        try? Self.run("/bin/dd", ["if=/dev/zero", "of=\(filler)", "bs=4k"])
        try Self.playShortSitUntilRecorded(on: service, events: events)
        Thread.sleep(forTimeInterval: 1)

        // Then its outcome could not be written
        #expect(try service.history()[0]?["completed"] != true)

        // When there is room again
        try FileManager.default.removeItem(atPath: filler)
        let deadline = Date().addingTimeInterval(15)
        var history = try service.history()
        while history[0]?["completed"] != true && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.5)
            history = try service.history()
        }

        // Then the sit is recorded, once, completed with its 3 s, and the log says so
        #expect(history.arrayCount == 1, "\(history.line)")
        #expect(history[0]?["completed"] == true && history[0]?["satSeconds"] == 3, "\(history.line)")
        let log = service.stop()
        #expect(log.contains("the session was not added to the history"), "\(log)")
        #expect(log.contains("recorded at last: 1 session"), "\(log)")
    }

    @Test(
        "a sit completed on a full disk and the service stopped before there is room: recorded at the next start",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"),
        .enabled(if: getuid() == 0, "mounting a small tmpfs needs root"))
    func finalRecordOutlivesAStop() throws {
        // Given a service whose history is on a full 2 MiB tmpfs
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let data = try Self.mountSmallDisk(in: scratch)
        defer { try? Self.run("/bin/umount", ["-l", data]) }
        let service = try service(scratch)
        defer { service.stop() }
        let events = try service.subscriber()
        let filler = data + "/filler"
        try? Self.run("/bin/dd", ["if=/dev/zero", "of=\(filler)", "bs=4k"])

        // When a 3-second sit plays to its end, and the service is stopped while the disk is full
        try Self.playShortSitUntilRecorded(on: service, events: events)
        let stopped = service.stop()
        let saved = PendingRecord.file(besideSocket: service.socket)

        // Then the stop says the outcome waits for the next start, in the runtime folder
        #expect(stopped.contains("not yet recorded, kept for the next start: 1"), "\(stopped)")
        #expect(FileManager.default.fileExists(atPath: saved))
        #expect(try service.history()[0]?["completed"] != true)

        // When there is room again and the service starts
        try FileManager.default.removeItem(atPath: filler)
        try service.restart()

        // Then the sit is in the history once, completed with its 3 s, and the file is gone
        _ = try service.client().call("status")
        let history = try service.history()
        #expect(history.arrayCount == 1, "\(history.line)")
        #expect(history[0]?["completed"] == true && history[0]?["satSeconds"] == 3, "\(history.line)")
        #expect(!FileManager.default.fileExists(atPath: saved))
        #expect(service.stop().contains("recorded at last: 1 session"))
    }

    /// A 2 MiB tmpfs mounted at `data` in `scratch`, for the service's history; its path.
    static func mountSmallDisk(in scratch: Scratch) throws -> String {
        let data = scratch.path("data")
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try run("/bin/mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", data])
        return data
    }

    /// Starts a 3-second sit and waits until the service says it recorded it.
    static func playShortSitUntilRecorded(on service: RunningService, events: ControlClient) throws {
        _ = try service.client().call("sit.start", ["minutes": "0.05", "countdown": 0])
        var recorded = false
        while !recorded, let event = try events.nextEvent(timeoutMilliseconds: 20_000) {
            recorded = event["event"] == "session-recorded"
        }
    }

    /// Runs a command; it must end with status 0.
    static func run(_ command: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ServiceDidNotStart(log: "\(command) \(arguments.joined(separator: " ")) failed")
        }
    }
}
