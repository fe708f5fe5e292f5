import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

@Suite("one history on Syncthing", .serialized)
struct HistorySyncTests {
    @Test(
        "sits, an edit and a deletion on two devices, one Syncthing off for a while: both histories and stats are equal, every sit once",
        .enabled(if: PrivateSyncthing.available, "needs syncthing (make test installs it)"))
    func twoDevicesOneHistory() throws {
        // Given two devices whose history folders two real Syncthings keep in step over loopback
        let scratch = try Scratch()
        let laptop = try SyncedDevice("laptop", in: scratch)
        let pi = try SyncedDevice("pi", in: scratch)
        let sync = try PrivateSyncthing(in: scratch, folders: [laptop.historyFolder, pi.historyFolder])

        // When sits are done on both: by hand, a live sit, and an import on the Pi
        for day in 20...22 {
            _ = try laptop.succeed(["history", "add", "--at", "2026-11-\(day)T07:00", "--minutes", "20"])
        }
        _ = try laptop.succeed(["--minutes", "0.05", "--countdown", "0", "--backend", "alsa", "--device", "null", "-q"])
        _ = try pi.succeed(["history", "add", "--at", "2026-11-21T19:00", "--minutes", "15", "--note", "evening"])
        let csv = scratch.path("old.csv")
        try Data(
            "date,duration_minutes,note\n2026-10-01T06:30:00+00:00,30,old app\n2026-10-02T06:30:00+00:00,10,old app\n"
                .utf8
        )
        .write(to: URL(fileURLWithPath: csv))
        #expect(try pi.succeed(["history", "import", csv]) == "imported 2 sits\n")

        // Then both histories hold all seven, alike
        try waitUntilAlike(laptop, pi, count: 7, sync: sync)

        // When the laptop sets the Pi's evening sit right and the Pi removes the laptop's first sit
        let onLaptop = try laptop.history()
        let evening = try #require(onLaptop.first { $0["remark"] == "evening" })
        // (named by its UUID, as `history --json` gives it; the removal by the Pi's number of it)
        let eveningUUID = try #require(evening["uuid"])
        _ = try laptop.succeed(["history", "edit", eveningUUID, "--minutes", "25", "--note", "evening, rain"])
        let first = try #require(try pi.history().first { $0["date"]?.hasPrefix("2026-11-20") == true })
        _ = try pi.succeed(["history", "remove", try number(of: first, on: pi), "--yes"])

        // And the Pi's Syncthing is off for a while, both devices sitting meanwhile
        sync.stop(1)
        _ = try laptop.succeed(["history", "add", "--at", "2026-11-23T07:00", "--minutes", "20"])
        _ = try pi.succeed(["history", "add", "--at", "2026-11-23T19:00", "--minutes", "12"])
        Thread.sleep(forTimeInterval: 2)
        // And a writer killed half-way through a line leaves it unfinished in the laptop's file
        let laptopFile = try #require(laptop.ownFiles.first)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: laptopFile))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"changed\":1796000000,\"completed\":true,\"dev".utf8))
        try handle.close()
        _ = try laptop.succeed(["history", "add", "--at", "2026-11-24T07:00", "--minutes", "30"])
        try sync.start(1)

        // Then, when both have synced: nine sits, alike on both, each once, the edit and the
        // deletion on both, no conflict copy
        try waitUntilAlike(laptop, pi, count: 9, sync: sync)
        let history = try laptop.history()
        #expect(history.first { $0["remark"] == "evening, rain" }?["satSeconds"] == "1500", "\(history)")
        #expect(!history.contains { $0["date"]?.hasPrefix("2026-11-20") == true }, "\(history)")
        #expect(Set(history.compactMap { $0["uuid"] }).count == 9)
        let stats = try laptop.succeed(["stats", "--json"])
        #expect(stats == (try pi.succeed(["stats", "--json"])))
        // 20 + 20 + 3 s + 25 + 30 + 10 + 20 + 12 + 30 minutes
        #expect(stats.contains("\"sessions\" : 9"), "\(stats)")
        #expect(stats.contains("\"totalSeconds\" : \(167 * 60 + 3)"), "\(stats)")
        #expect(laptop.conflicts.isEmpty && pi.conflicts.isEmpty, "\(laptop.conflicts) \(pi.conflicts)")
        // And `history` names each sit's device: the host's name, and the start of its id, as
        // both devices are this one machine
        var name = [CChar](repeating: 0, count: 256)
        gethostname(&name, 255)
        let host = String(decoding: name.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let names = try [laptop, pi].map { device in
            host + " " + (try String(contentsOfFile: device.data + "/meditate/device-id", encoding: .utf8)).prefix(4)
        }
        let listed = try pi.succeed(["history"]).split(separator: "\n")
        #expect(listed.count == 9)
        #expect(listed.filter { $0.contains(names[0]) }.count == 5, "\(names) \(listed)")
        #expect(listed.filter { $0.contains(names[1]) }.count == 4, "\(names) \(listed)")
    }

    @Test("a running service counts a sit from another device's file as soon as its line is whole, and writes its own")
    func serviceReadsAnotherDevicesSit() throws {
        // Given a service whose history folder another device's files reach, and a sit of its own
        let scratch = try Scratch()
        let room = try SyncedDevice("room", in: scratch)
        let service = try RunningService(
            ["--backend", "alsa", "--device", "null"], scratch: scratch,
            environment: ["XDG_DATA_HOME": room.data, "XDG_CONFIG_HOME": room.config])
        let events = try service.subscriber()
        let added = try service.client().call("history.add", ["at": "2026-11-20T07:00", "minutes": 20])
        let laptop = String(repeating: "1f", count: 16)
        let file = room.historyFolder + "/history/\(laptop)/2026-11.jsonl"
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)

        // When the other device's line arrives, first half, then whole (as a sync writes it)
        let line =
            #"{"changed":1796000000,"completed":true,"device":"\#(laptop)","host":"laptop","kind":"manual","#
            + #""note":"25 min","plannedSeconds":1500,"remark":"","satSeconds":1500,"startedAt":1795500000,"#
            + #""track":"","uuid":"5e5e5e5e-0000-4000-8000-000000000001"}"#
        try Data(line.prefix(50).utf8).write(to: URL(fileURLWithPath: file))
        Thread.sleep(forTimeInterval: 0.5)
        let before = try service.client().call("stats")
        try Data((line + "\n").utf8).write(to: URL(fileURLWithPath: file))

        // Then the service's stats count it, without being asked to read anything
        let deadline = Date().addingTimeInterval(10)
        var stats = try service.client().call("stats")
        while stats["sessions"] != 2, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            stats = try service.client().call("stats")
        }
        #expect(before["sessions"] == 1, "\(before) \(added)")
        #expect(stats["sessions"] == 2, "\(stats)")
        // And every client was told, of the sit added through it and of the one that arrived
        var told: [JSONValue] = []
        while told.count < 2, let event = try events.nextEvent(timeoutMilliseconds: 5_000) {
            if event["event"] == "history-changed" { told.append(event) }
        }
        #expect(told.count == 2, "\(told.map(\.line))")
        // And its own sit is in its own device's file
        #expect(room.ownFiles.count == 1, "\(FileManager.default.subpaths(atPath: scratch.url.path) ?? [])")
        let own = try String(contentsOfFile: try #require(room.ownFiles.first), encoding: .utf8)
        #expect(own.contains("\"satSeconds\":1200"), "\(own)")
        _ = service.stop()
    }

    @Test("a shared folder that cannot be made is said once in the service's log, and the service runs")
    func unwritableSharedFolderSaidAtStart() throws {
        // Given a history folder inside a file, where no folder can be made
        let scratch = try Scratch()
        let room = try SyncedDevice("room", in: scratch)
        try Data().write(to: URL(fileURLWithPath: scratch.path("file")))
        try Data("history-folder = \"\(scratch.path("file"))/sync\"\n".utf8)
            .write(to: URL(fileURLWithPath: room.config + "/meditate/config.toml"))

        // When the service starts
        let service = try RunningService(
            ["--backend", "alsa", "--device", "null"], scratch: scratch,
            environment: ["XDG_DATA_HOME": room.data, "XDG_CONFIG_HOME": room.config])
        let answer = try service.client().call("stats")
        let log = service.stop()

        // Then its log says so once, with why, and it answered all the same
        let lines = log.split(separator: "\n").filter { $0.contains("the shared folder") }
        #expect(lines.count == 1, "\(log)")
        #expect(
            lines.first?.hasSuffix(
                "cannot be written: Not a directory; a sit is kept back until it can be, a preset or a schedule refused"
            ) == true, "\(log)")
        #expect(answer["sessions"] == 0, "\(answer)")
    }

    /// Polls both histories until they hold `count` sits alike (a minute at most).
    private func waitUntilAlike(_ one: SyncedDevice, _ other: SyncedDevice, count: Int, sync: PrivateSyncthing) throws {
        let deadline = Date().addingTimeInterval(60)
        var last: ([[String: String]], [[String: String]]) = ([], [])
        while Date() < deadline {
            last = (try one.history(), try other.history())
            if last.0.count == count && last.0 == last.1 { return }
            Thread.sleep(forTimeInterval: 0.5)
        }
        Issue.record(
            "not alike after a minute: \(last.0) \(last.1)\n\(sync.log(0).suffix(2000))\n\(sync.log(1).suffix(2000))")
    }

    /// The device's own number of the sit `sit` (for `history edit` and `remove`).
    private func number(of sit: [String: String], on device: SyncedDevice) throws -> String {
        let data = Data(try device.succeed(["history", "--json"]).utf8)
        let entries = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        let entry = try #require(entries.first { "\($0["uuid"] ?? "")" == sit["uuid"] })
        return "\(entry["id"] ?? "")"
    }
}
