import Foundation
import ProgramTestSupport
import Testing

/// `config set history-folder` and `config unset history-folder` carry this device's practice
/// along: docs/service.md's step 2, taken on a device that already has a history.
@Suite("Moving to a shared folder and back keeps the practice")
struct SharedFolderMoveTests {
    /// A device of its own folders, with no shared folder set yet.
    private struct Device {
        let scratch: Scratch
        let name: String

        var environment: [String: String] {
            [
                "XDG_DATA_HOME": scratch.path("\(name)-data"), "XDG_CONFIG_HOME": scratch.path("\(name)-config"),
                "XDG_RUNTIME_DIR": scratch.path("\(name)-run"), "TZ": "UTC"
            ]
        }

        func run(_ arguments: [String]) throws -> CLIRunner.Result {
            try CLIRunner.run(arguments, environment: environment)
        }

        @discardableResult
        func succeed(_ arguments: [String]) throws -> CLIRunner.Result {
            let result = try run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return result
        }

        /// The sits' UUIDs as `history --json` lists them, sorted.
        func sits() throws -> [String] {
            let listed = try succeed(["history", "--json"]).stdout
            let entries = try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]] ?? []
            return entries.compactMap { $0["uuid"].map { "\($0)" } }.sorted()
        }
    }

    @Test(
        "setting the shared folder carries this device's sits, schedules and presets into it, another device sees them, and unsetting it carries them back"
    )
    func thereAndBack() throws {
        // Given a device with three sits, two schedules and a preset, and no shared folder
        let scratch = try Scratch()
        let laptop = Device(scratch: scratch, name: "laptop")
        for day in 1...3 { try laptop.succeed(["history", "add", "--at", "2026-11-0\(day)T07:00", "--minutes", "20"]) }
        try laptop.succeed(["schedule", "add", "--at", "07:30", "sit", "--minutes", "10"])
        try laptop.succeed(["schedule", "add", "--at", "06:30", "sit", "--minutes", "20"])
        try laptop.succeed(["preset", "save", "calm", "--minutes", "15"])
        let before = try laptop.sits()
        let schedulesBefore = try laptop.succeed(["schedule", "list"]).stdout
        #expect(before.count == 3)
        // (listed by the time they sound, 06:30 above the 07:30 added first)
        #expect(schedulesBefore.split(separator: "\n").first?.contains("06:30") == true, "\(schedulesBefore)")

        // When the shared folder is set
        let shared = scratch.path("Sync/meditate")
        let set = try laptop.succeed(["config", "set", "history-folder", shared])

        // Then it says what it carried, and the practice is in the shared folder: the laptop's
        // history, schedules (their numbers) and preset as before, and a second device sharing the
        // folder sees the sits and the preset
        #expect(
            set.stderr.contains("carried 3 sits, 2 schedules and 1 preset of this device's into \(shared)"),
            "\(set.stderr)")
        #expect(try laptop.sits() == before)
        #expect(try laptop.succeed(["schedule", "list"]).stdout == schedulesBefore)
        #expect(try laptop.succeed(["preset", "list"]).stdout.contains("calm"))
        let pi = Device(scratch: scratch, name: "pi")
        try pi.succeed(["config", "set", "history-folder", shared])
        #expect(try pi.sits() == before)
        #expect(try pi.succeed(["preset", "list"]).stdout.contains("calm"))
        #expect(try pi.succeed(["schedule", "list"]).stdout.contains("on "))

        // When, sharing, the laptop sits once more and saves a preset, then leaves the shared folder
        try laptop.succeed(["history", "add", "--at", "2026-11-04T07:00", "--minutes", "30"])
        try laptop.succeed(["preset", "save", "later", "--minutes", "5"])
        try laptop.succeed(["schedule", "add", "--at", "12:00", "bell"])
        let back = try laptop.succeed(["config", "unset", "history-folder"])

        // Then all of it is back in its data folder, said in one line; the shared folder keeps its copy
        #expect(
            back.stderr.contains("carried 4 sits, 3 schedules and 2 presets of this device's into"), "\(back.stderr)")
        #expect(try laptop.sits().count == 4)
        let presets = try laptop.succeed(["preset", "list"]).stdout
        #expect(presets.contains("calm") && presets.contains("later"), "\(presets)")
        #expect(try laptop.succeed(["schedule", "list"]).stdout.split(separator: "\n").count == 3)
        #expect(try pi.sits().count == 4)

        // And going there again adds nothing twice
        let again = try laptop.succeed(["config", "set", "history-folder", shared])
        #expect(again.stderr.contains("carried 4 sits, 3 schedules and 2 presets"), "\(again.stderr)")
        #expect(try laptop.sits().count == 4)
        #expect(try pi.sits().count == 4)
    }

    @Test("a link planted where this device's folder would be is refused in one line, and the setting stays as it was")
    func plantedLinkIsRefused() throws {
        // Given a device with a sit, and a shared folder where another device planted a link in
        // place of this device's history folder
        let scratch = try Scratch()
        let laptop = Device(scratch: scratch, name: "laptop")
        try laptop.succeed(["history", "add", "--at", "2026-11-01T07:00", "--minutes", "20"])
        let id = try String(contentsOfFile: scratch.path("laptop-data/meditate/device-id"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let shared = scratch.path("Sync")
        let elsewhere = scratch.path("elsewhere")
        try FileManager.default.createDirectory(atPath: shared + "/history", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: shared + "/history/" + id, withDestinationPath: elsewhere)

        // When the shared folder is set
        let set = try laptop.run(["config", "set", "history-folder", shared])

        // Then it is refused in one line, nothing is written through the link, and the setting is unchanged
        #expect(set.status != 0)
        #expect(set.stderr.split(separator: "\n").count == 1, "\(set.stderr)")
        #expect(set.stderr.contains(shared + "/history/" + id), "\(set.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
        let value = try laptop.run(["config", "get", "history-folder"])
        #expect(!value.stdout.contains(shared), "\(value.stdout)")
    }

    @Test("with a service running, setting the shared folder says that the service keeps the old one until restarted")
    func runningServiceIsTold() throws {
        // Given a device whose service runs (its default socket)
        let scratch = try Scratch()
        let laptop = Device(scratch: scratch, name: "laptop")
        try laptop.succeed(["history", "add", "--at", "2026-11-01T07:00", "--minutes", "20"])
        let service = try RunningService(
            ["--backend", "pulse"], scratch: scratch, environment: laptop.environment,
            socket: scratch.path("laptop-run/meditate/control.sock"))
        defer { _ = service.stop() }

        // When the shared folder is set, and unset
        let set = try laptop.succeed(["config", "set", "history-folder", scratch.path("Sync")])
        let unset = try laptop.succeed(["config", "unset", "history-folder"])

        // Then each says what it carried and that the service must be restarted to follow
        for said in [set.stderr, unset.stderr] {
            #expect(said.contains("carried 1 sit, 0 schedules and 0 presets"), "\(said)")
            #expect(said.contains("keeps the old folder until it is restarted"), "\(said)")
        }
    }
}
