import Foundation
import GRDB
import Testing

@testable import Library

/// A device of its own (data folder, database, device id) whose history's files are in `shared`.
private func device(_ name: String, in scratch: ScratchLibrary, shared: String) throws -> LibraryDatabase {
    let paths = LibraryPaths(folder: scratch.folder + "/" + name, history: shared)
    return try LibraryDatabase(paths: paths)
}

private func sit(_ day: Int, minutes: Int, remark: String = "") -> PracticeSession {
    PracticeSession(
        startedAt: 1_795_000_000 + Double(day) * 86_400, kind: .manual, note: "\(minutes) min",
        plannedSeconds: minutes * 60, satSeconds: minutes * 60, completed: true, remark: remark)
}

/// What the history holds, as every device should agree on it (not the row numbers).
private func contents(_ database: LibraryDatabase) throws -> [String] {
    try database.practice().map {
        "\($0.uuid ?? "-") \($0.startedAt) \($0.satSeconds) \($0.remark) \($0.device.prefix(6)) \($0.completed)"
    }.sorted()
}

@Suite("the history's files, one per device")
struct PracticeJournalTests {
    @Test(
        "a history written by release 0.2.0 is carried into the device's file whole, once, and another device reads it")
    func previousReleaseCarriedOver() throws {
        // Given the library a 0.2.0 meditate wrote: three sits by hand, two imported, one timer sit
        let scratch = try ScratchLibrary()
        let data = scratch.folder + "/old"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let fixture =
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "Fixtures/history-0.2.0.sqlite"
            ).path
        try FileManager.default.copyItem(atPath: fixture, toPath: data + "/library.sqlite")
        let before = try DatabaseQueue(path: data + "/library.sqlite").read { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT startedAt, kind, note, plannedSeconds, satSeconds, completed, remark FROM practice ORDER BY id"
            )
            .map { "\($0)" }
        }
        #expect(before.count == 6)

        // When this version opens it
        let shared = scratch.folder + "/sync"
        let paths = LibraryPaths(folder: data, history: shared)
        let opened = try LibraryDatabase(paths: paths)

        // Then every sit is there as it was, now named, and written once to this device's file
        let after = try opened.read { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT startedAt, kind, note, plannedSeconds, satSeconds, completed, remark FROM practice ORDER BY id"
            )
            .map { "\($0)" }
        }
        #expect(after == before)
        let sessions = try opened.practice()
        #expect(sessions.allSatisfy { $0.uuid.map(PracticeSession.validUUID) == true && !$0.device.isEmpty })
        let journal = try #require(opened.journal)
        let files = journal.files()
        #expect(files.count == 1)
        let text = try String(contentsOfFile: journal.root + "/" + files[0], encoding: .utf8)
        #expect(text.split(separator: "\n").count == 6)

        // When it is opened again, and read by a second device sharing the folder
        _ = try LibraryDatabase(paths: paths)
        let other = try device("other", in: scratch, shared: shared)

        // Then nothing more was written, and the other device holds the same six sits
        #expect(try String(contentsOfFile: journal.root + "/" + files[0], encoding: .utf8) == text)
        #expect(try contents(other) == contents(opened))
        #expect(
            try other.practiceTotals(timeZone: .gmt).totalSeconds == opened.practiceTotals(timeZone: .gmt).totalSeconds)
    }

    @Test("an edit on one device and a deletion on the other reach both, whichever files are read first")
    func editAndDeletionCross() throws {
        // Given two devices sharing a history folder, each with sits of its own
        let scratch = try ScratchLibrary()
        let shared = scratch.folder + "/sync"
        let laptop = try device("laptop", in: scratch, shared: shared)
        let pi = try device("pi", in: scratch, shared: shared)
        let first = try laptop.record(sit(1, minutes: 20))
        _ = try laptop.record(sit(2, minutes: 25))
        _ = try pi.add(sit(3, minutes: 15))
        try pi.mergeJournals()
        try laptop.mergeJournals()

        // When the Pi edits the laptop's second sit and the laptop removes its first
        let second = try #require(try pi.practice().first { $0.satSeconds == 1500 }?.id)
        _ = try pi.edit(id: second, satSeconds: 1800, remark: "rain")
        _ = try laptop.remove(id: first)
        try laptop.mergeJournals()
        try pi.mergeJournals()

        // Then both hold the same two sits, and a third device reading everything from nothing agrees
        let third = try device("third", in: scratch, shared: shared)
        #expect(try contents(laptop) == contents(pi))
        #expect(try contents(third) == contents(pi))
        #expect(try laptop.practice().map(\.satSeconds).sorted() == [900, 1800])
        #expect(try laptop.practice().first { $0.satSeconds == 1800 }?.remark == "rain")

        // When every file is read again from its start (a sync that replaced them all)
        try third.write { db in try db.execute(sql: "DELETE FROM historyFile") }
        #expect(try third.mergeJournals() == 0)
        // Then the removed sit does not come back and nothing is counted twice
        #expect(try third.practice().count == 2)
    }

    @Test("a last line without its end waits and is read whole later; a damaged line is passed over")
    func halfWrittenLine() throws {
        // Given a device that reads a second device's file
        let scratch = try ScratchLibrary()
        let shared = scratch.folder + "/sync"
        let reader = try device("reader", in: scratch, shared: shared)
        let writerID = String(repeating: "ab", count: 16)
        let file = shared + "/history/\(writerID)/2026-11.jsonl"
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let record = PracticeRecord(
            sit(5, minutes: 40), uuid: "0b0e5a5e-0000-4000-8000-000000000001", device: writerID, host: "pi",
            changed: 1_796_000_000)
        let encoder = JSONEncoder()
        let line = try encoder.encode(record) + Data("\n".utf8)

        // When half the line is there (a sync in flight), then a damaged line and the whole line
        try line.prefix(40).write(to: URL(fileURLWithPath: file))
        #expect(try reader.mergeJournals() == 0)
        #expect(try reader.practice().isEmpty)
        var rest = Data(line.dropFirst(40))
        rest += Data("{\"uuid\":\"x\",\"satSeconds\":-5}\nnot json at all\n".utf8)
        var outOfRange = record
        outOfRange.uuid = "0b0e5a5e-0000-4000-8000-000000000002"
        outOfRange.satSeconds = Int.max
        rest += try encoder.encode(outOfRange) + Data("\n".utf8)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.seekToEnd()
        try handle.write(contentsOf: rest)
        try handle.close()

        // Then the sit is read once, whole, and nothing else
        #expect(try reader.mergeJournals() == 1)
        let sessions = try reader.practice()
        #expect(sessions.map(\.satSeconds) == [2400])
        #expect(sessions.first?.host == "pi")
        #expect(try reader.practiceDevices() == [writerID: "pi"])
    }

    @Test("this device's own line cut short by a kill is ended before the next one, which is read")
    func ownCutLineEnded() throws {
        // Given a device whose last append was cut short
        let scratch = try ScratchLibrary()
        let shared = scratch.folder + "/sync"
        let laptop = try device("laptop", in: scratch, shared: shared)
        _ = try laptop.record(sit(1, minutes: 10))
        let journal = try #require(laptop.journal)
        let file = journal.root + "/" + journal.files()[0]
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"changed\":17960".utf8))
        try handle.close()

        // When it records its next sit
        _ = try laptop.record(sit(2, minutes: 12))

        // Then another device reads both sits, and the cut line alone is lost
        let other = try device("other", in: scratch, shared: shared)
        #expect(try other.practice().map(\.satSeconds) == [600, 720])
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
    }

    @Test("a running sit's time sat stays on its device until its outcome is written to the file")
    func runningSit() throws {
        // Given a service's sit that has begun and run for a while
        let scratch = try ScratchLibrary()
        let shared = scratch.folder + "/sync"
        let pi = try device("pi", in: scratch, shared: shared)
        let id = try pi.begin(sit(1, minutes: 20))
        try pi.update(running: id, satSeconds: 300, completed: false, finished: false)
        try pi.mergeJournals()
        // Then its own index keeps the time sat so far, the file only the start
        #expect(try pi.practice(id: id)?.satSeconds == 300)
        let laptop = try device("laptop", in: scratch, shared: shared)
        #expect(try laptop.practice().first?.running == true)

        // When it ends
        try pi.update(running: id, satSeconds: 1200, completed: true, finished: true)
        try laptop.mergeJournals()

        // Then the other device has its outcome
        let seen = try #require(try laptop.practice().first)
        #expect(seen.satSeconds == 1200 && seen.completed && !seen.running)
    }
}
