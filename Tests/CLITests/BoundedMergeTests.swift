import Foundation
import ProgramTestSupport
import Testing

/// The device id of a device that is not there: the folder's files are all that says it exists.
private let stranger = String(repeating: "c", count: 32)

/// One history line of a sit of `stranger`, its UUID made from `number`.
private func line(_ number: Int) -> String {
    let uuid = String(format: "00000000-0000-4000-8000-%012x", number)
    let start = 1_700_000_000 + number * 3600
    return
        #"{"changed":\#(start),"completed":true,"device":"\#(stranger)","host":"elsewhere","kind":"timer","note":"20 min","plannedSeconds":1200,"remark":"","satSeconds":1200,"startedAt":\#(start),"track":"","uuid":"\#(uuid)"}"#
}

/// How many sits `stats --json` counts, and what it said on stderr.
private func stats(_ device: SyncedDevice) throws -> (sessions: Int, said: String) {
    let result = try device.run(["stats", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    return ((object?["sessions"] as? Int) ?? -1, result.stderr)
}

@Suite("the merge reads what a device planted within bounds, says what it skipped once")
struct BoundedMergeTests {
    @Test(
        "a file past a history file's size, a line past a record's length and invalid UTF-8 are skipped, said once; every other line is read across the pieces"
    )
    func oversizedFilesAndLinesAreSkipped() throws {
        // Given another device's folder holding a 17 MiB file, and a month file of 20,000 sits
        // with a 3 MiB line and a line of invalid UTF-8 among them (the file is read in pieces
        // of 1 MiB: the long line and many sits cross their borders)
        let scratch = try Scratch()
        let a = try SyncedDevice("a", in: scratch)
        let folder = a.historyFolder + "/history/" + stranger
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let large = folder + "/2026-01.jsonl"
        #expect(FileManager.default.createFile(atPath: large, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: large))
        try handle.truncate(atOffset: 17 << 20)
        try handle.close()
        var month = Data()
        for number in 0..<20_000 {
            month.append(Data((line(number) + "\n").utf8))
            if number == 7_000 { month.append(Data((String(repeating: "x", count: 3 << 20) + "\n").utf8)) }
            if number == 9_000 { month.append(Data([0x7B, 0xFF, 0xFE, 0x22, 0x7D, 0x0A])) }
        }
        try month.write(to: URL(fileURLWithPath: folder + "/2026-02.jsonl"))

        // When the history is read
        let first = try stats(a)

        // Then every sit is there, and each skipped thing is said in one line
        #expect(first.sessions == 20_000)
        let lines = first.said.split(separator: "\n")
        #expect(lines.count == 2, "\(first.said)")
        #expect(
            lines.contains { $0.contains("2026-01.jsonl") && $0.contains("17825792 bytes") && $0.contains("skipped") },
            "\(first.said)")
        #expect(
            lines.contains {
                $0.contains("2026-02.jsonl") && $0.contains("longer than a record (1048576 bytes)")
                    && $0.hasSuffix(": 1")
            }, "\(first.said)")

        // And when it is read again, nothing is said, and nothing changed
        let again = try stats(a)
        #expect(again.said.isEmpty, "\(again.said)")
        #expect(again.sessions == 20_000)

        // And a line that arrives later in the file is read, the skipped ones still not said
        let handleAgain = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/2026-02.jsonl"))
        try handleAgain.seekToEnd()
        try handleAgain.write(contentsOf: Data((line(30_000) + "\n").utf8))
        try handleAgain.close()
        let later = try stats(a)
        #expect(later.said.isEmpty, "\(later.said)")
        #expect(later.sessions == 20_001)
    }

    @Test("a device with more files than a hundred years of months is read up to 1200 of them, and said once")
    func tooManyFilesAreSaidOnce() throws {
        // Given another device's folder of 1201 month files, a sit in each
        let scratch = try Scratch()
        let a = try SyncedDevice("a", in: scratch)
        let folder = a.historyFolder + "/history/" + stranger
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for number in 0..<1201 {
            let name = String(format: "%04d-%02d.jsonl", 1970 + number / 12, number % 12 + 1)
            try (line(number) + "\n").write(toFile: folder + "/" + name, atomically: false, encoding: .utf8)
        }

        // When the history is read, twice
        let first = try stats(a)
        let again = try stats(a)

        // Then the first 1200 files are read and the rest said once
        #expect(first.sessions == 1200)
        #expect(first.said == "meditate: skipped history files of device \(stranger): it has 1201, and 1200 are read\n")
        #expect(again.said.isEmpty, "\(again.said)")
    }

    @Test("a line cut where a piece ends waits, whole, for its end however long the wait")
    func unfinishedLineAtAPieceBorderWaits() throws {
        // Given another device's file whose last line is cut short just past 1 MiB, a piece's end
        let scratch = try Scratch()
        let a = try SyncedDevice("a", in: scratch)
        let folder = a.historyFolder + "/history/" + stranger
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var text = ""
        var number = 0
        while text.utf8.count < (1 << 20) - 100 {
            text += line(number) + "\n"
            number += 1
        }
        let last = line(number)
        let path = folder + "/2026-03.jsonl"
        try (text + last.prefix(150)).write(toFile: path, atomically: false, encoding: .utf8)

        // When it is read, and read again once the line is whole
        let cut = try stats(a)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((last.dropFirst(150) + "\n").utf8))
        try handle.close()
        let whole = try stats(a)

        // Then the cut line was not taken, and is taken whole
        #expect(cut.sessions == number)
        #expect(whole.sessions == number + 1)
        #expect(cut.said.isEmpty && whole.said.isEmpty, "\(cut.said) \(whole.said)")
    }
}
