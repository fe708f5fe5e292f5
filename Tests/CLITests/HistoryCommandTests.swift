import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

/// A data folder of a test's own, and meditate run against it in a fixed time zone.
struct HistoryScratch {
    let scratch: Scratch
    let timeZone: String
    init(timeZone: String = "UTC") throws {
        scratch = try Scratch()
        self.timeZone = timeZone
    }
    var environment: [String: String] { ["XDG_DATA_HOME": scratch.path("data"), "TZ": timeZone] }

    func run(_ arguments: [String]) throws -> CLIRunner.Result {
        try CLIRunner.run(arguments, environment: environment)
    }

    /// Imports CSV text and says how it went.
    func importCSV(_ text: String, name: String = "in.csv") throws -> CLIRunner.Result {
        try text.write(toFile: scratch.path(name), atomically: true, encoding: .utf8)
        return try run(["history", "import", scratch.path(name)])
    }
}

@Suite("meditate history and stats")
struct HistoryCommandTests {
    @Test(
        "a live session ended by SIGTERM records the seconds sat as ended early",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func sigtermRecordsPartial() throws {
        // Given a one-minute sit playing to the null sink, headless
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let history = try HistoryScratch()
        let sit = try RunningMeditate(
            ["--minutes", "1", "--countdown", "0", "--noise", "pink", "--backend", "pulse"],
            environment: history.environment)

        // When SIGTERM comes 5 s after the start gong is heard (the log line follows the device's clock)
        sit.waitForLog(containing: "start gong")
        Thread.sleep(forTimeInterval: 5)
        sit.process.terminate()
        let log = sit.finish()
        #expect(sit.process.terminationStatus == 0, "\(log)")

        // Then the history holds one timer sit, ended early, of a planned minute, with the seconds
        // the summary line said were sat. Those follow the device's clock, which a loaded machine
        // can hold back behind the 5 s of wall time (the sound server starved), never ahead of it.
        let listed = try history.run(["history", "--json"])
        let entries = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(entries.count == 1, "\(listed.stdout) \(listed.stderr)")
        let sat = entries.first?["satSeconds"] as? Int ?? -1
        let summary = try #require(log.firstMatch(of: /ended early: sat (\d+) s of 1 min/), "\(log)")
        let said = Int(summary.1) ?? 0
        #expect(abs(sat - said) <= 1, "recorded \(sat) s, said \(said) s")
        #expect((2...6).contains(sat), "sat \(sat) s")
        #expect(entries.first?["completed"] as? Bool == false)
        #expect(entries.first?["kind"] as? String == "timer")
        #expect(entries.first?["plannedSeconds"] as? Int == 60)
        #expect(entries.first?["note"] as? String == "1 min, pink noise")
    }

    @Test("exported as CSV and imported into an empty history, the history is the same; a second import adds nothing")
    func csvRoundTrip() throws {
        // Given a history in Berlin time with every kind, partial sits, notes with commas,
        // quotes and umlauts, and times on both sides of a daylight-saving change
        let first = try HistoryScratch(timeZone: "Europe/Berlin")
        let imported = try first.importCSV(
            #"""
            date,duration_minutes,note,planned_minutes,completed,kind
            2026-03-28T07:15:00+01:00,20,"20 min, bells every 5 min, pink noise",20,true,timer
            2026-03-29T23:30,12.25,"Body scan — ""Jon""",30,false,guided
            2026-10-25T02:30:00+01:00,0.75,Kurz und schön,1,false,timer
            2026-11-01,45,retreat day,,,
            """#)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "imported 4 sits\n")
        let exported = try first.run(["history", "--csv"]).stdout

        // When the export is imported into a second, empty history
        let second = try HistoryScratch(timeZone: "Europe/Berlin")
        #expect(try second.importCSV(exported, name: "export.csv").stdout == "imported 4 sits\n")

        // Then both export the same CSV and the same JSON
        #expect(try second.run(["history", "--csv"]).stdout == exported)
        #expect(try second.run(["history", "--json"]).stdout == first.run(["history", "--json"]).stdout)
        #expect(
            exported.contains(#"2026-03-29T23:30:00+02:00,12.25,"Body scan — ""Jon""",30,false,guided"#), "\(exported)")
        #expect(exported.contains("2026-11-01T12:00:00+01:00,45,retreat day,45,true,imported"), "\(exported)")
        // And importing the export again adds nothing
        #expect(
            try first.importCSV(exported, name: "again.csv").stdout == "imported 0 sits, 4 already in the history\n")
    }

    @Test(
        "a bad CSV row is named by file and line, and nothing of the file is imported",
        arguments: [
            ("date,duration_minutes\n2026-01-01,20\n2026-13-01,20\n", "in.csv:3: date '2026-13-01'"),
            ("date,duration_minutes\n2026-01-01,twenty\n", "in.csv:2: duration_minutes 'twenty'"),
            ("when,minutes\n2026-01-01,20\n", "in.csv:1: the header must name a 'date' column")
        ])
    func badCSV(text: String, expected: String) throws {
        let history = try HistoryScratch()
        let result = try history.importCSV(text)
        #expect(result.status != 0)
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        #expect(
            try history.run(["history", "--csv"]).stdout
                == "date,duration_minutes,note,planned_minutes,completed,kind\n")
    }

    @Test("stats for a known history: totals, streaks and the 26-week calendar as drawn")
    func statsDrawing() throws {
        // Given sits on Jun 1-3 (the first Monday of June), a streak over the end of October into
        // November, and one of each length from under 10 to over 40 minutes
        let history = try HistoryScratch()
        #expect(
            try history.importCSV(
                """
                date,duration_minutes,note
                2026-06-01,5,
                2026-06-02,15,
                2026-06-03,30,
                2026-10-29,45,
                2026-10-30,20,
                2026-10-31,10,
                2026-11-01,25,
                2026-11-02,9.5,
                2026-11-18,0.5,too short for a streak
                2026-11-20,60,
                2026-11-21,20,
                """
            ).status == 0)

        // When the stats are drawn as of Nov 21 2026
        let stats = try history.run(["stats", "--to", "2026-11-21", "--no-color"])

        // Then they match the drawing, cell for cell
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(
            stats.stdout == """
                sessions        11
                total           4 h
                average         21 min 49 s
                current streak  2 days
                longest streak  5 days

                      Jun     Jul     Aug       Sep     Oct     Nov
                Mon · ░ · · · · · · · · · · · · · · · · · · · · · ░ · ·
                    · ▒ · · · · · · · · · · · · · · · · · · · · · · · ·
                Wed · ▓ · · · · · · · · · · · · · · · · · · · · · · · ░
                    · · · · · · · · · · · · · · · · · · · · · · █ · · ·
                Fri · · · · · · · · · · · · · · · · · · · · · · ▓ · · █
                    · · · · · · · · · · · · · · · · · · · · · · ▒ · · ▓
                    · · · · · · · · · · · · · · · · · · · · · · ▓ · ·
                    less · ░ ▒ ▓ █ more

                """)
    }
}

extension HistoryCommandTests {
    @Test("a sit of segments played to its end has sat all it planned: the walks are in neither figure")
    func segmentsRecordTheSittingPlanned() throws {
        // Given a sit, a walk and a sit of 6 s each, played headless through ALSA's null device
        let history = try HistoryScratch()
        let sit = try history.run(
            ["--segments", "sit 0.1, walk 0.1, sit 0.1", "--countdown", "0", "--backend", "alsa", "--device", "null"])
        #expect(sit.status == 0, "\(sit.stderr)")

        // Then the history has sat 12 s of the 12 s of sitting planned, complete
        let listed = try history.run(["history", "--json"])
        let entries = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(entries.count == 1, "\(listed.stdout) \(listed.stderr)")
        #expect(entries.first?["satSeconds"] as? Int == 12)
        #expect(entries.first?["plannedSeconds"] as? Int == 12)
        #expect(entries.first?["completed"] as? Bool == true)
        #expect(entries.first?["note"] as? String == "18 s, sit 6 s, walk 6 s, sit 6 s")
        let line = try history.run(["history"]).stdout
        #expect(line.contains("12 s of 12 s") && line.contains("completed"), "\(line)")
        // And the log says the first sit's length at the start gong, as each boundary says the next
        let log = sit.stderr.split(separator: "\n").map { $0.split(separator: "[CLI] ").last ?? "" }
        #expect(
            log.prefix(4) == [
                "start gong: sitting for 0:06", "walking: 0:06", "sitting again: 0:06", "completion gong"
            ],
            "\(sit.stderr)")
    }
}
