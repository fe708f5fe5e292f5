import Foundation
import ProgramTestSupport
import Testing

/// The history by hand: `history add`, `edit`, `remove`, and a sit's own note.
@Suite("the history by hand")
struct HistoryByHandTests {
    @Test("a sit done without meditate is added, set right and noted, exported and imported with its note, and removed")
    func addEditRemove() throws {
        // Given an empty history in Berlin time
        let history = try HistoryScratch(timeZone: "Europe/Berlin")

        // When a retreat's sit is added with a note, and a live sit is played with one
        let added = try history.run([
            "history", "add", "--at", "2026-11-27T07:00", "--minutes", "20", "--note", "retreat, day 3"
        ])
        let sat = try history.run([
            "--minutes", "0.05", "--countdown", "0", "--backend", "alsa", "--device", "null", "-q", "--note", "calm"
        ])

        // Then both are in the history, by number, with their notes
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.hasPrefix("added sit 1: "), "\(added.stdout)")
        #expect(sat.status == 0, "\(sat.stderr)")
        let list = try history.run(["history"]).stdout
        #expect(list.contains("by hand") && list.contains("20 min · retreat, day 3"), "\(list)")
        #expect(list.contains("3 s · calm"), "\(list)")
        #expect(list.split(separator: "\n").last?.hasPrefix("1 ") == true, "\(list)")

        // When the added sit is set right: 25 minutes, and a longer note
        let edited = try history.run(["history", "edit", "1", "--minutes", "25", "--note", "retreat, day 3: rain"])
        #expect(edited.status == 0, "\(edited.stderr)")
        // Then the CSV export says it, with a remark column, its description the new length too
        // (not the 20 minutes it was added with), and imports into another history whole
        let csv = try history.run(["history", "--csv"]).stdout
        #expect(csv.hasPrefix("date,duration_minutes,note,planned_minutes,completed,kind,remark\n"), "\(csv)")
        #expect(csv.contains("2026-11-27T07:00:00+01:00,25,25 min,25,true,manual,\"retreat, day 3: rain\""), "\(csv)")
        #expect(try history.run(["history"]).stdout.contains("25 min of 25 min"))
        let calendar = try history.run(["history", "--ics"]).stdout
        #expect(calendar.contains("SUMMARY:Meditation: 25 min") && !calendar.contains("20 min"), "\(calendar)")
        let other = try HistoryScratch(timeZone: "Europe/Berlin")
        #expect(try other.importCSV(csv).stdout == "imported 2 sits\n")
        #expect(try other.run(["history", "--csv"]).stdout == csv)
        #expect(try other.run(["history", "--json"]).stdout.contains("\"remark\" : \"calm\""))

        // When it is removed without a terminal: refused without --yes, done with it
        let asked = try history.run(["history", "remove", "1"])
        #expect(asked.status == 64)
        #expect(asked.stderr == "meditate: error: history remove: no terminal to ask in; give --yes to remove it\n")
        let removed = try history.run(["history", "remove", "1", "--yes"])
        #expect(removed.status == 0, "\(removed.stderr)")
        // Then only the live sit is left, and the number is gone for good
        #expect(try history.run(["history", "--csv"]).stdout.split(separator: "\n").count == 2)
        let again = try history.run(["history", "edit", "1", "--note", "x"])
        #expect(again.status == 66)
        #expect(again.stderr.contains("no sit 1 in the history"), "\(again.stderr)")
    }

    @Test(
        "a note of 100 000 characters, a bad start, nothing to edit, the same sit twice: each one line, nothing lost"
    )
    func refusals() throws {
        // Given a history with one sit added by hand
        let history = try HistoryScratch()
        #expect(try history.run(["history", "add", "--at", "2026-11-27T07:00", "--minutes", "20"]).status == 0)
        let before = try history.run(["history", "--csv"]).stdout

        // When each mistake is made (a note of 1 MB cannot be an argument at all: Linux takes at
        // most 128 KiB in one; the protocol's are refused as these, ServiceHistoryTests)
        let huge = String(repeating: "a", count: 100_000)
        let cases: [([String], String, Int32)] = [
            (
                ["history", "add", "--at", "2026-11-28T07:00", "--minutes", "20", "--note", huge],
                "--note has 100000 characters; a note holds at most 2000", 64
            ),
            (
                ["history", "add", "--at", "2026-13-28", "--minutes", "20"],
                "'2026-13-28' is not a value for '--at <yyyy-mm-ddThh:mm>'", 64
            ),
            (
                ["history", "add", "--at", "2026-11-28T07:00", "--minutes", "0"],
                "--minutes must be more than 0 and at most 1440, not 0", 64
            ),
            (["history", "edit", "1"], "history edit: give --at, --minutes or --note", 64),
            (
                ["history", "add", "--at", "2026-11-27T07:00", "--minutes", "20"], "that sit is in the history already",
                65
            ),
            (
                ["--minutes", "0.05", "--backend", "alsa", "--device", "null", "--note", huge],
                "--note has 100000 characters; a note holds at most 2000", 64
            )
        ]
        for (arguments, line, status) in cases {
            let result = try history.run(arguments)
            // Then each is refused in one line with its status
            #expect(result.status == status, "\(arguments.prefix(3)): \(result.stderr.prefix(200))")
            #expect(result.stderr == "meditate: error: \(line)\n", "\(result.stderr.prefix(300))")
        }
        // And the history is as it was
        #expect(try history.run(["history", "--csv"]).stdout == before)
    }
}
