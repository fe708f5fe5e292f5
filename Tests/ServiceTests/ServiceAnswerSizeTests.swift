import Control
import Foundation
import Library
import ProgramTestSupport
import Testing

/// Answers that would pass what a connection may hold unread (1 MiB): every request within its
/// documented range is answered, never closed on. Against a real `meditate serve`.
@Suite("Service: long answers")
struct ServiceAnswerSizeTests {
    /// A history of `count` sits whose notes are `noteBytes` long each, written before the
    /// service starts, as the service writes them (it closes the open rows as ended early).
    static func history(in scratch: Scratch, count: Int, noteBytes: Int, asParts: Bool = false) throws {
        let paths = LibraryPaths(folder: scratch.path("data") + "/meditate")
        try FileManager.default.createDirectory(atPath: paths.folder, withIntermediateDirectories: true)
        let database = try LibraryDatabase(path: paths.database)
        let text = String(repeating: "sit 1, walk 1, ", count: noteBytes / 15)
        // As the service stores a sit's note: message parts, the last one said as it is.
        let parts = try JSONSerialization.data(withJSONObject: [["key": "sitMinutes", "minutes": "20"], ["text": text]])
        let note = asParts ? String(decoding: parts, as: UTF8.self) : text
        for index in 0..<count {
            _ = try database.begin(
                PracticeSession(
                    startedAt: 1_790_000_000 + Double(index) * 3600, kind: .timer, note: note, plannedSeconds: 60,
                    satSeconds: 60, completed: true))
        }
    }

    @Test("history.list of 500 sessions with long notes answers with the newest that fit and says how many it left out")
    func longHistoryIsAnsweredInPart() throws {
        // Given 500 sessions whose notes are 4 KB each, 2 MB in all
        let scratch = try Scratch()
        try Self.history(in: scratch, count: 500, noteBytes: 4000)
        let service = try RunningService(["--backend", "alsa", "--device", "null"], scratch: scratch)
        defer { service.stop() }
        let client = try service.client()

        // When a client asks for the newest 500, and then for the newest 1000
        for newest in [500, 1000] {
            let answer = try client.call("history.list", ["newest": .number(Double(newest))])
            // Then it is answered: the newest sessions that fit, newest last, and how many not
            let sessions = answer["sessions"]
            let count = sessions?.arrayCount ?? 0
            let omitted = answer["omitted"]?.intValue ?? 0
            #expect(count > 50 && count + omitted == 500, "\(count) and \(omitted) omitted")
            #expect(sessions?[count - 1]?["startedAt"]?.numberValue == Double(1_790_000_000 + 499 * 3600))
            #expect(answer.line.utf8.count <= ControlServer.maximumQueuedBytes / 2)
        }
        // And the connection goes on
        #expect(try client.call("status") == ["state": "idle"])
    }

    @Test("history.list leaves out a session too long for any answer, and says so")
    func sessionTooLongForAnyAnswerIsLeftOut() throws {
        // Given one session whose note is 5 MB (a row tampered with under a running service:
        // the history's files give none longer than 64 KiB)
        let scratch = try Scratch()
        try Self.history(in: scratch, count: 1, noteBytes: 100)
        let service = try RunningService(["--backend", "alsa", "--device", "null"], scratch: scratch)
        defer { service.stop() }
        // (once the service has closed the open row as ended early, which writes it anew)
        let closed = Date().addingTimeInterval(10)
        while try service.client().call("history.list", ["newest": 1])["sessions"]?[0]?["completed"] != false {
            guard Date() < closed else {
                Issue.record("the service never closed the open row")
                return
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let database = LibraryPaths(folder: scratch.path("data") + "/meditate").database
        let tampered = try CLIRunner.run(
            program: "/usr/bin/sqlite3", [database, "UPDATE practice SET note = hex(zeroblob(2500000))"])
        #expect(tampered.status == 0, "\(tampered.stderr)")
        // When the newest session is asked for
        let answer = try service.client().call("history.list", ["newest": 1])
        // Then the answer has none, and says one was left out
        #expect(answer == ["sessions": [], "omitted": 1])
    }

    @Test("an answer that cannot be cut is refused with one line, and the connection goes on")
    func overlongAnswerIsRefused() throws {
        // Given a schedule whose options are 600 KB (a tampered row; schedule.add takes a line
        // of 64 KiB at most): more than one answer holds, and a page cannot be less than it
        let scratch = try Scratch()
        let paths = LibraryPaths(folder: scratch.path("data") + "/meditate")
        try FileManager.default.createDirectory(atPath: paths.folder, withIntermediateDirectories: true)
        let database = try LibraryDatabase(path: paths.database)
        let options = JSONValue.object(["note": .string(String(repeating: "x", count: 600_000))]).line
        _ = try database.add(ScheduleEntry(action: .bell, options: options, times: .at(3600), days: .all, over: false))
        let service = try RunningService(["--backend", "alsa", "--device", "null"], scratch: scratch)
        defer { service.stop() }
        let client = try service.client()

        // When the schedules are listed, which would send all of it
        let refused = client.refusal("schedule.list")
        // Then it is refused with one line that says why, and the connection goes on
        #expect(
            refused?.message.contains("more than the 512 KiB a client is sent at once") == true,
            "\(String(describing: refused))")
        #expect(try client.call("status") == ["state": "idle"])
    }
}

extension ServiceAnswerSizeTests {
    @Test("schedules more than one answer holds come a page at a time, and schedule list shows every one once")
    func scheduleListIsPaged() throws {
        // Given a service with 300 schedules, each a sit with a note of 2,000 characters: some
        // 700 KiB, more than the 512 KiB of one answer
        let scratch = try Scratch()
        let service = try RunningService(["--backend", "alsa", "--device", "null"], scratch: scratch)
        defer { service.stop() }
        let client = try service.client()
        for number in 0..<300 {
            let note = String(format: "%04d ", number) + String(repeating: "x", count: 1995)
            let added = try client.call(
                "schedule.add",
                [
                    "action": "sit", "at": .string(String(format: "%02d:%02d", number / 60 % 24, number % 60)),
                    "options": ["minutes": 20, "note": .string(note)]
                ])
            try #require(added["schedule"] != nil, "\(added.line)")
        }

        // When the first page is asked for, then the one after it
        let first = try client.call("schedule.list")
        let next = try #require(first["next"], "\(first.line.prefix(200))")
        let second = try client.call("schedule.list", ["after": next])

        // Then the pages follow each other, the last says no more
        let firstIDs = first["schedules"]?.arrayValue?.compactMap { $0["id"]?.numberValue } ?? []
        let secondIDs = second["schedules"]?.arrayValue?.compactMap { $0["id"]?.numberValue } ?? []
        #expect(firstIDs.count > 100 && firstIDs.count < 300)
        #expect(second["next"] == nil)
        #expect(firstIDs + secondIDs == (1...300).map(Double.init))

        // And meditate schedule list shows every schedule once, as one list
        let listed = try CLIRunner.run(
            ["schedule", "list", "--json", "--socket", service.socket], environment: ["XDG_DATA_HOME": service.data])
        #expect(listed.status == 0, "\(listed.stderr)")
        let all = try #require(JSONValue.parse(listed.stdout))
        #expect(all["schedules"]?.arrayValue?.compactMap { $0["id"]?.numberValue } == (1...300).map(Double.init))
        let lines = try CLIRunner.run(
            ["schedule", "list", "--socket", service.socket], environment: ["XDG_DATA_HOME": service.data])
        #expect(lines.stdout.split(separator: "\n").count == 300, "\(lines.stderr)")
    }
}

extension ServiceAnswerSizeTests {
    @Test("a library larger than one answer holds comes a page at a time, every track once, in its order")
    func libraryListIsPaged() throws {
        // Given a library of 1,500 tracks with titles of 400 characters (rows written straight
        // into the database): some 900 KiB as one answer
        let scratch = try Scratch()
        let folder = scratch.path("data") + "/meditate"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = try LibraryDatabase(path: folder + "/library.sqlite")
        let insert = """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1500)
            INSERT INTO track (path, contentHash, fileSize, modifiedAt, tagTitle, sampleRate, channels, frames, peak,
                importedAt)
            SELECT '/t/' || i || '.ogg', printf('%064x', i), 1, 0, printf('%04d ', i) || replace(hex(zeroblob(200)), '0', 'a'),
                48000, 2, 48000, 0.5, 0 FROM n;
            """
        let inserted = try CLIRunner.run(program: "/usr/bin/sqlite3", [folder + "/library.sqlite", insert])
        try #require(inserted.status == 0, "\(inserted.stderr)")
        let service = try RunningService(["--backend", "alsa", "--device", "null"], scratch: scratch)
        defer { service.stop() }
        let client = try service.client()

        // When the pages are asked for one after another
        var titles: [String] = []
        var answer = try client.call("library.list")
        var pages = 1
        titles += answer["tracks"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
        while let next = answer["next"], pages < 10 {
            answer = try client.call("library.list", ["after": next])
            titles += answer["tracks"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
            pages += 1
        }

        // Then there were two pages, and every track came once, by title
        #expect(pages == 2)
        #expect(titles.count == 1500)
        #expect(titles.map { String($0.prefix(4)) } == (1...1500).map { String(format: "%04d", $0) })
    }
}
