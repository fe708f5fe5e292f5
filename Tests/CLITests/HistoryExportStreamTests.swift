import Foundation
import ProgramTestSupport
import Testing

@Suite("history exports written a batch at a time")
struct HistoryExportStreamTests {
    @Test("--json and --csv of 1,234 sits hold every sit once, in order, with its track, and the CSV reads back whole")
    func exportsAreWholeAcrossBatches() throws {
        // Given 1,234 sits of another device, every third a guided one with its track
        let scratch = try Scratch()
        let a = try SyncedDevice("a", in: scratch)
        let device = String(repeating: "e", count: 32)
        let folder = a.historyFolder + "/history/" + device
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let lines = (0..<1234).map { number in
            let start = 1_790_000_000 + number * 7200
            let track = number % 3 == 0 ? String(format: "%064x", number) : ""
            return
                #"{"changed":\#(start),"completed":true,"device":"\#(device)","host":"elsewhere","kind":"guided","note":"a track","plannedSeconds":600,"remark":"","satSeconds":600,"startedAt":\#(start),"track":"\#(track)","uuid":"\#(String(format: "00000000-0000-4000-8000-%012x", number))"}"#
        }
        try (lines.joined(separator: "\n") + "\n").write(
            toFile: folder + "/2026-10.jsonl", atomically: false, encoding: .utf8)

        // When the history is written as JSON and as CSV
        let json = try a.succeed(["history", "--json"])
        let csv = try a.succeed(["history", "--csv"])

        // Then the JSON is one array of every sit, oldest first, each track with it
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(entries.count == 1234)
        #expect(
            entries.compactMap { $0["uuid"] as? String }
                == (0..<1234).map { String(format: "00000000-0000-4000-8000-%012x", $0) })
        #expect(entries.compactMap { $0["track"] as? String }.count == 412)
        #expect(json.hasSuffix("\n]\n"))
        // And the CSV has a header, a row a sit and a track column, and a new device reads it back
        let rows = csv.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.first == "date,duration_minutes,note,planned_minutes,completed,kind,track")
        #expect(rows.count == 1236 && rows.last == "")
        let file = scratch.path("export.csv")
        try csv.write(toFile: file, atomically: false, encoding: .utf8)
        let b = try SyncedDevice("b", in: scratch, sharing: scratch.path("elsewhere"))
        _ = try b.succeed(["history", "import", file])
        let imported = try b.history()
        #expect(imported.count == 1234)
        #expect(imported.filter { !($0["track"] ?? "").isEmpty }.count == 412)
    }
}
