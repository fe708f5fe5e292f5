import Foundation
import ProgramTestSupport
import Testing

/// `day-starts` and `streaks` in config.toml, as `stats` and `history` show them.
@Suite("days that end at 04:00, and no streaks")
struct DayBoundaryCommandTests {
    /// A history of its own in Berlin's time, with config.toml saying `config`.
    private static func sitter(config: String) throws -> (HistoryScratch, [String: String]) {
        let history = try HistoryScratch(timeZone: "Europe/Berlin")
        let folder = history.scratch.path("config/meditate")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try config.write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        return (history, history.environment.merging(["XDG_CONFIG_HOME": history.scratch.path("config")]) { $1 })
    }

    @Test("with day-starts 04:00, sits at 23:50, 00:30 and 03:59 are one day in stats and in history --from/--to")
    func lateSitsAreTheEveningsDay() throws {
        // Given sits on Friday 23:50, and Saturday 00:30 and 03:59 and 04:00, days beginning at 04:00
        let (history, environment) = try Self.sitter(config: "day-starts = \"04:00\"\n")
        #expect(
            try history.importCSV(
                """
                date,duration_minutes,note
                2026-11-27T23:50,10,late
                2026-11-28T00:30,10,later
                2026-11-28T03:59,10,latest
                2026-11-28T04:00,10,early
                """
            ).status == 0)

        // When Friday's sits are listed
        let friday = try CLIRunner.run(
            ["history", "--from", "2026-11-27", "--to", "2026-11-27", "--csv"], environment: environment)
        // Then they are the three before 04:00
        let notes = friday.stdout.split(separator: "\n").dropFirst().compactMap {
            $0.split(separator: ",").dropFirst(2).first
        }
        #expect(notes == ["late", "later", "latest"], "\(friday.stdout)")

        // And the stats as of Saturday count two days in a row: Friday's 30 minutes, Saturday's 10
        let stats = try CLIRunner.run(["stats", "--to", "2026-11-28", "--no-color"], environment: environment)
        #expect(
            stats.stdout.hasPrefix(
                "sessions        4\ntotal           40 min\naverage         10 min\ncurrent streak  2 days\nlongest streak  2 days\n"
            ), "\(stats.stdout)")
        // And with days at midnight the same sits are one evening and a Saturday of three
        let midnight = try history.run(["history", "--from", "2026-11-27", "--to", "2026-11-27", "--csv"])
        #expect(midnight.stdout.split(separator: "\n").count == 2, "\(midnight.stdout)")
    }

    @Test("streaks = false hides every streak in stats, in English and German, while totals stay")
    func noStreaks() throws {
        // Given a sit on two days in a row, and config.toml without streaks
        let (history, environment) = try Self.sitter(config: "streaks = false\n")
        #expect(
            try history.importCSV("date,duration_minutes,note\n2026-11-27,20,\n2026-11-28,20,\n").status == 0)

        // When the stats are shown in English and in German
        let english = try CLIRunner.run(["stats", "--to", "2026-11-28", "--no-color"], environment: environment)
        let german = try CLIRunner.run(
            ["stats", "--to", "2026-11-28", "--no-color"],
            environment: environment.merging(["LANG": "de_DE.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""]) { $1 })

        // Then neither says a streak, and both keep the sits and their time
        #expect(english.stdout.hasPrefix("sessions  2\ntotal     40 min\naverage   20 min\n\n"), "\(english.stdout)")
        #expect(!english.stdout.contains("streak"), "\(english.stdout)")
        #expect(german.stdout.contains("40 min"), "\(german.stdout)")
        #expect(!german.stdout.contains("Serie"), "\(german.stdout)")
    }
}
