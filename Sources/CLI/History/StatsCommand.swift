import ArgumentParser
import Foundation
import Library
import Localization
import Settings

/// `meditate stats`: totals, streaks and the last 26 weeks as a calendar.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: localized(
            "Time sat, sessions, streaks of days, and a calendar of the last 26 weeks.",
            de: "Gesessene Zeit, Sitzungen, Serien von Tagen und ein Kalender der letzten 26 Wochen."),
        discussion: localized(
            """
            A day counts towards a streak when it has a sit of at least one minute, finished or ended early, by the local calendar. The current streak runs to today, or to yesterday while today has no sit yet. With --to, "today" is that day.
            """,
            de: """
                Ein Tag zählt zu einer Serie, wenn an ihm mindestens eine Minute gesessen wurde, vollständig oder vorzeitig beendet, nach dem örtlichen Kalender. Die aktuelle Serie reicht bis heute, oder bis gestern, solange heute noch keine Sitzung war. Mit --to ist "heute" dieser Tag.
                """)
    )

    @OptionGroup var range: DayRangeOptions

    @Flag(
        name: .customLong("no-color"),
        help: .localized(
            "No colours (also when NO_COLOR is set, or when not on a terminal).",
            de: "Keine Farben (auch wenn NO_COLOR gesetzt ist oder kein Terminal da ist)."))
    var noColor = false

    @Flag(
        help: .localized(
            "JSON, for scripts: the totals, the streaks and the seconds sat on each day.",
            de: "JSON, für Skripte: die Summen, die Serien und die an jedem Tag gesessenen Sekunden."))
    var json = false

    @OptionGroup var location: LibraryLocation

    func run() throws {
        let settings = try Settings.load()
        let practiceDays = PracticeDays(settings)
        let bounds = range.bounds(in: practiceDays)
        let totals = try location.open().practiceTotals(from: bounds.from, to: bounds.to, days: practiceDays)
        let today = range.to?.day ?? practiceDays.today
        let stats = PracticeStats(totals, today: today)
        let streaks = settings.value(SettingKeys.streaks, flag: nil)
        if json {
            try StandardStream.output(StatsJSON.format(stats, streaks: streaks) + "\n")
            return
        }
        let days = { (n: Int) in n == 1 ? say(.oneDay) : say(.manyDays, ["count": n]) }
        var rows: [(MessageKey, String)] = [
            (.statsSessions, "\(stats.sessions)"), (.statsTotal, DurationText.words(seconds: stats.totalSeconds)),
            (.statsAverage, DurationText.words(seconds: stats.averageSeconds))
        ]
        // `streaks = false`: no streak is shown, the history and the totals stay.
        if streaks {
            rows += [(.statsCurrentStreak, days(stats.currentStreak)), (.statsLongestStreak, days(stats.longestStreak))]
        }
        let width = rows.map { say($0.0).count }.max() ?? 0
        for (key, value) in rows { print(say(key).padded(width + 2) + value) }
        print()
        let color = Terminal.isInteractive && Terminal.allowsColor(noColorFlag: noColor)
        for line in HeatMap(color: color).render(secondsByDay: stats.secondsByDay, end: today) { print(line) }
    }
}
