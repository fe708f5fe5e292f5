import Foundation
import ProgramTestSupport
import Testing

/// A file another device's version wrote (or anyone who can write into the folder planted), in
/// the shape `SyncedShelf` keeps: `<folder>/<kind>/<writer>/<key>.json`.
private func plant(
    _ kind: String, key: String, value: [String: Any], writer: String, in folder: String, changed: Double = 1e9
) throws {
    let shelf = folder + "/" + kind + "/" + writer
    try FileManager.default.createDirectory(atPath: shelf, withIntermediateDirectories: true)
    let version: [String: Any] = ["key": key, "device": writer, "host": "elsewhere", "changed": changed, "value": value]
    try JSONSerialization.data(withJSONObject: version).write(to: URL(fileURLWithPath: shelf + "/" + key + ".json"))
}

/// The device id of a device that is not there: the folder's files are all that says it exists.
private let stranger = String(repeating: "b", count: 32)

/// What is in a file, or nil when there is none.
private func contents(_ path: String) -> String? {
    try? String(contentsOfFile: path, encoding: .utf8)
}

@Suite("the shared folder is data: it runs nothing, chooses no output, writes through no link")
struct SharedFolderTrustTests {
    @Test("a preset from the shared folder plays to this machine's output, never to a device it names")
    func sharedPresetNeverChoosesTheOutput() throws {
        // Given two devices on one shared folder; A plays to an ALSA file device of its own
        let scratch = try Scratch()
        let shared = scratch.path("shared")
        let raw = scratch.path("a-played.raw")
        try writeALSACaptureDevice(home: scratch, raw: raw)
        let a = try SyncedDevice(
            "a", in: scratch, sharing: shared, settings: "backend = \"alsa\"\ndevice = \"meditate_capture\"\n")
        let b = try SyncedDevice("b", in: scratch, sharing: shared)
        let pwned = scratch.path("PWNED")
        let hostile = "file:'|touch \(pwned)',raw"

        // When B saves a preset naming an ALSA device that runs a command, and a file planted in
        // the folder (as an older meditate wrote one) names it too
        let saved = try b.run(
            [
                "preset", "save", "calm", "--minutes", "0.02", "--countdown", "0", "--gong", "none", "--backend",
                "alsa",
                "--device", hostile
            ])
        #expect(saved.status == 0, "\(saved.stderr)")
        try plant(
            "presets", key: "planted",
            value: ["minutes": "0.02", "countdown": "0", "gong": "none", "backend": "alsa", "device": hostile],
            writer: stranger, in: shared)

        // Then the shared folder holds B's practice and nothing of B's output, which B keeps
        let bShelf = shared + "/presets/" + (try b.id())
        let files = (try? FileManager.default.contentsOfDirectory(atPath: bShelf)) ?? []
        let sharedText = files.compactMap { contents(bShelf + "/" + $0) }.joined()
        #expect(sharedText.contains("\"minutes\""), "\(files)")
        #expect(!sharedText.contains("touch") && !sharedText.contains("backend"), "\(sharedText)")
        let bConfig = contents(b.config + "/meditate/config.toml") ?? ""
        #expect(bConfig.contains("[preset.calm]") && bConfig.contains("touch"), "\(bConfig)")
        #expect(try b.succeed(["preset", "show", "calm"]).contains("device = "))

        // And both presets play on A to A's own device, and nothing runs
        for preset in ["calm", "planted"] {
            let played = try a.run([preset, "-q"], environment: ["HOME": scratch.url.path])
            #expect(played.status == 0, "\(preset): \(played.stderr)")
            #expect(!FileManager.default.fileExists(atPath: pwned), "\(preset) ran the device's command")
            #expect(((try? FileManager.default.attributesOfItem(atPath: raw)[.size] as? Int) ?? 0) > 0)
            try FileManager.default.removeItem(atPath: raw)
        }
        #expect(try a.succeed(["preset", "show", "planted"]) == "minutes = 0.02\ncountdown = 0\ngong = \"none\"\n")
    }

    @Test("a preset saved with its output keeps the output in config.toml and the practice in the folder")
    func presetSaveParts() throws {
        // Given a device on a shared folder
        let scratch = try Scratch()
        let a = try SyncedDevice("a", in: scratch)

        // When a preset is saved with an output
        #expect(
            try a.succeed(["preset", "save", "night", "--minutes", "30", "--backend", "alsa", "--latency-ms", "300"])
                == "")
        // Then it is whole where it is used, and parted where it is kept
        #expect(try a.succeed(["preset", "show", "night"]) == "minutes = 30\nbackend = \"alsa\"\nlatency-ms = 300\n")
        let config = contents(a.config + "/meditate/config.toml") ?? ""
        #expect(config.contains("[preset.night]\nbackend = \"alsa\"\nlatency-ms = 300\n"), "\(config)")
        #expect(!config.contains("minutes = 30"))

        // And saved again without them, the table is gone with them
        #expect(try a.succeed(["preset", "save", "night", "--minutes", "25"]) == "")
        #expect(try a.succeed(["preset", "show", "night"]) == "minutes = 25\n")
        #expect(!(contents(a.config + "/meditate/config.toml") ?? "").contains("[preset.night]"))
    }

    @Test("a schedule another device planted for this one is taken only when schedule.add would take it")
    func plantedSchedulesAreChecked() throws {
        // Given a device on a shared folder, and schedules planted for its service
        let scratch = try Scratch()
        let a = try SyncedDevice("a", in: scratch)
        let id = try a.id()
        func schedule(_ options: String) -> [String: Any] {
            [
                "action": "sit", "options": options, "at": 6 * 3600, "days": 127, "over": false, "service": id,
                "serviceHost": "a"
            ]
        }
        let fine = "11111111-1111-4111-8111-111111111111"
        let suspends = "22222222-2222-4222-8222-222222222222"
        let tooLong = "33333333-3333-4333-8333-333333333333"
        let sleepSuspends = "44444444-4444-4444-8444-444444444444"
        try plant("schedules", key: fine, value: schedule(#"{"minutes":20}"#), writer: stranger, in: a.historyFolder)
        try plant(
            "schedules", key: suspends, value: schedule(#"{"minutes":20,"after":"suspend"}"#), writer: stranger,
            in: a.historyFolder)
        try plant(
            "schedules", key: tooLong, value: schedule(#"{"minutes":99999}"#), writer: stranger, in: a.historyFolder)
        try plant(
            "schedules", key: sleepSuspends, value: schedule(#"{"sleep":true,"after":"suspend"}"#), writer: id,
            in: a.historyFolder)

        // When its schedules are listed
        let list = try a.succeed(["schedule", "list", "--json"])

        // Then the well-formed one is there, and those schedule.add refuses are not
        #expect(list.contains(fine), "\(list)")
        for refused in [suspends, tooLong, sleepSuspends] { #expect(!list.contains(refused), "\(list)") }
    }

    @Test("a planted schedule's host and note are listed with their control characters written out")
    func plantedScheduleTextIsShownSafely() throws {
        // Given a schedule of a device that is not there, its host and note holding escapes
        let scratch = try Scratch()
        let a = try SyncedDevice("a", in: scratch)
        let value: [String: Any] = [
            "action": "sit", "options": #"{"minutes":20,"note":"calm\u001b[2J"}"#, "at": 6 * 3600, "days": 127,
            "over": false, "service": stranger, "serviceHost": "pi\u{1B}]0;owned\u{07}"
        ]
        try plant(
            "schedules", key: "55555555-5555-4555-8555-555555555555", value: value, writer: stranger,
            in: a.historyFolder)

        // When the schedules are listed in a terminal's way
        let listed = try a.succeed(["schedule", "list"])

        // Then no escape reaches the terminal: each is written out
        #expect(!listed.unicodeScalars.contains("\u{1B}") && !listed.unicodeScalars.contains("\u{07}"), "\(listed)")
        #expect(listed.contains("pi\\x1B]0;owned\\x07") && listed.contains("calm\\x1B[2J"), "\(listed)")
    }

    @Test("a link planted where a history line goes is refused in one line and left as it was")
    func historyFileLinkIsNotFollowed() throws {
        // Given a device whose month file of the history is a link to another file
        let scratch = try Scratch()
        let a = try SyncedDevice("a", in: scratch)
        let id = try a.id()
        let target = scratch.path("victim.sh")
        try "echo hello\n".write(toFile: target, atomically: true, encoding: .utf8)
        let folder = a.historyFolder + "/history/" + id
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM"
        formatter.timeZone = TimeZone(identifier: "UTC")
        let month = folder + "/" + formatter.string(from: Date()) + ".jsonl"
        #expect(symlink(target, month) == 0)

        // When a sit is added to the history
        let added = try a.run(["history", "add", "--at", "2026-12-01T07:00", "--minutes", "20", "--note", "$(touch x)"])

        // Then it says why not in one line, and the link and its target are as they were
        #expect(added.status != 0)
        #expect(added.stderr.contains("symbolic link, which meditate does not follow"), "\(added.stderr)")
        #expect(added.stderr.split(separator: "\n").count == 1, "\(added.stderr)")
        #expect(contents(target) == "echo hello\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: month)) == target)
    }

    @Test("links planted on the presets' shelf are neither written through nor read")
    func presetShelfLinksAreNotFollowed() throws {
        // Given a device whose presets folder holds links: drafts' names, a preset's file, and
        // another device's folder pointing outside
        let scratch = try Scratch()
        let a = try SyncedDevice("a", in: scratch)
        let id = try a.id()
        let target = scratch.path("victim.txt")
        try "untouched\n".write(toFile: target, atomically: true, encoding: .utf8)
        let own = a.historyFolder + "/presets/" + id
        try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: true)
        for pid in 1...199 { #expect(symlink(target, own + "/.calm.json.\(pid).tmp") == 0) }
        #expect(symlink(target, own + "/calm.json") == 0)
        let outside = scratch.path("outside")
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try plant("presets", key: "evening", value: ["minutes": "30"], writer: stranger, in: outside)
        #expect(symlink(outside + "/presets/" + stranger, a.historyFolder + "/presets/" + stranger) == 0)

        // When a preset of the link's name is saved
        let saved = try a.run(["preset", "save", "calm", "--minutes", "10"])

        // Then the preset is saved in a file of its own, the link's target untouched, and the
        // preset behind the linked folder is not read
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(contents(target) == "untouched\n")
        var info = stat()
        #expect(lstat(own + "/calm.json", &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
        #expect(try a.succeed(["preset", "show", "calm"]) == "minutes = 10\n")
        #expect(try a.run(["preset", "show", "evening"]).status != 0)

        // And this device's own folder made a link is refused in one line, nothing written there
        try FileManager.default.removeItem(atPath: own)
        let elsewhere = scratch.path("elsewhere")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        #expect(symlink(elsewhere, own) == 0)
        let refused = try a.run(["preset", "save", "dawn", "--minutes", "10"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("symbolic link, which meditate does not follow"), "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }

    @Test("a removal dated in the year 5138 is read as now, and reindex forgets it once its file is gone")
    func forgedRemovalIsNotForEver() throws {
        // Given a device with a sit, and a file planted by a device that is not there, removing
        // that sit at a change dated near the year 5138
        let scratch = try Scratch()
        let a = try SyncedDevice("a", in: scratch)
        _ = try a.succeed(["history", "add", "--at", "2026-12-01T07:00", "--minutes", "20"])
        let uuid = try #require(try a.history().first?["uuid"])
        let folder = a.historyFolder + "/history/" + stranger
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let removal =
            #"{"changed":99999999999,"device":"\#(stranger)","host":"x","removed":true,"uuid":"\#(uuid)"}"# + "\n"
        try removal.write(toFile: folder + "/2026-12.jsonl", atomically: true, encoding: .utf8)

        // When the history is read, the removal takes the sit away, dated no later than now and
        // ten minutes
        #expect(try a.history().isEmpty)
        let database = a.data + "/meditate/library.sqlite"
        let dated = try CLIRunner.run(
            program: "/usr/bin/sqlite3", [database, "SELECT changedAt FROM practiceRemoved"])
        let changed = try #require(Double(dated.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(changed <= Date().timeIntervalSince1970 + 600, "\(dated.stdout)")

        // Then once the planted file is gone, reindex brings the sit back
        try FileManager.default.removeItem(atPath: folder)
        #expect(try a.history().isEmpty)
        let reindexed = try a.run(["history", "reindex"])
        #expect(reindexed.status == 0, "\(reindexed.stderr)")
        #expect(reindexed.stdout == "the history was read anew from its files: 1 sit\n")
        #expect(try a.history().map { $0["uuid"] } == [uuid])
    }

    @Test("another device's host name and note are shown with their control characters escaped")
    func syncedTextIsShownSafely() throws {
        // Given a sit in a file of a device that is not there, its host and note escape sequences
        let scratch = try Scratch()
        let a = try SyncedDevice("a", in: scratch)
        _ = try a.succeed(["history", "add", "--at", "2026-12-01T07:00", "--minutes", "20"])
        let folder = a.historyFolder + "/history/" + stranger
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let sit: [String: Any] = [
            "uuid": "0b5f0c4e-4d7e-4c39-9d5b-3f8f3c1e2a10", "device": stranger, "host": "pi\u{1B}]0;owned\u{07}",
            "changed": 1_790_000_000, "startedAt": 1_790_000_000, "kind": "timer", "note": "20 min",
            "plannedSeconds": 1200, "satSeconds": 1200, "completed": true, "remark": "calm\u{1B}[2J"
        ]
        let line = try JSONSerialization.data(withJSONObject: sit) + Data("\n".utf8)
        try line.write(to: URL(fileURLWithPath: folder + "/2026-09.jsonl"))

        // When the history is listed in a terminal's way
        let listed = try a.succeed(["history"])

        // Then no escape reaches the terminal: each is written out
        #expect(!listed.unicodeScalars.contains("\u{1B}"), "\(listed)")
        #expect(listed.contains("pi\\x1B]0;owned\\x07") && listed.contains("calm\\x1B[2J"), "\(listed)")
    }

    @Test("the calendar holds only what RFC 5545 allows: no year before 1970, no control character")
    func calendarHoldsOnlyWhatItMay() throws {
        // Given sits in a file of a device that is not there: one in the year -1199, one whose
        // note holds an escape and a bell
        let scratch = try Scratch()
        let a = try SyncedDevice("a", in: scratch)
        let folder = a.historyFolder + "/history/" + stranger
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        func sit(_ uuid: String, at start: Double, remark: String) throws -> Data {
            let sit: [String: Any] = [
                "uuid": uuid, "device": stranger, "host": "pi", "changed": 1_790_000_000, "startedAt": start,
                "kind": "timer", "note": "20 min", "plannedSeconds": 1200, "satSeconds": 1200, "completed": true,
                "remark": remark
            ]
            return try JSONSerialization.data(withJSONObject: sit) + Data("\n".utf8)
        }
        let lines =
            try sit("0b5f0c4e-4d7e-4c39-9d5b-3f8f3c1e2a11", at: -99_999_999_999, remark: "ancient")
            + sit("0b5f0c4e-4d7e-4c39-9d5b-3f8f3c1e2a12", at: 1_790_000_000, remark: "calm\u{1B}[2J\u{07}")
        try lines.write(to: URL(fileURLWithPath: folder + "/2026-09.jsonl"))

        // When the history is written as a calendar
        let calendar = try a.succeed(["history", "--ics"])

        // Then the sit of 2026 is there with its note, the other not, and no control character
        // but the lines' CR LF
        #expect(calendar.contains("DTSTART:20260921T141320Z"), "\(calendar)")
        #expect(!calendar.contains("ancient") && !calendar.contains("DTSTART:-"), "\(calendar)")
        #expect(calendar.contains("calm[2J"), "\(calendar)")
        let controls = calendar.unicodeScalars.filter { $0.value < 0x20 && $0 != "\r" && $0 != "\n" }
        #expect(controls.isEmpty, "\(controls.map(\.value))")
    }
}
