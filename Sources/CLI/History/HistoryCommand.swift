import ArgumentParser
import Foundation
import Library
import Localization
import Settings

/// `meditate history`: the sits recorded so far.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: localized(
            "The sits you have done: every live session and guided playback, finished or not.",
            de: "Deine Sitzungen: jede Live-Sitzung und geführte Wiedergabe, vollständig oder nicht."),
        discussion: localized(
            """
            Each live session and guided playback is recorded when it ends, with the time actually sat (a session ended early counts what was sat). Offline renders are not practice and are not recorded.

            CSV (--csv, and `history import`): a header row, then `date,duration_minutes,note`. date is 2026-03-29 (noon), 2026-03-29T07:30 (local time) or 2026-03-29T07:30:00+02:00; duration_minutes is the time sat. `history --csv` adds planned_minutes, completed and kind, which `history import` reads back, so an export imports into the same history; a sit already there is skipped.

            Examples:
            """,
            de: """
                Jede Live-Sitzung und geführte Wiedergabe wird an ihrem Ende aufgezeichnet, mit der tatsächlich gesessenen Zeit (eine vorzeitig beendete Sitzung zählt, was gesessen wurde). Offline gerenderte Dateien sind keine Praxis und werden nicht aufgezeichnet.

                CSV (--csv und `history import`): eine Kopfzeile, dann `date,duration_minutes,note`. date ist 2026-03-29 (Mittag), 2026-03-29T07:30 (Ortszeit) oder 2026-03-29T07:30:00+02:00; duration_minutes ist die gesessene Zeit. `history --csv` fügt planned_minutes, completed und kind an, die `history import` wieder liest: ein Export lässt sich in dasselbe Protokoll importieren; eine Sitzung, die schon da ist, wird übersprungen.

                Beispiele:
                """) + """

                  meditate history
                  meditate history --from 2026-01-01 --csv > sits.csv
                  meditate history import old-app.csv
                  meditate history add --at 2026-11-27T07:00 --minutes 20 --note "retreat, day 3"
                  meditate history edit 12 --note "restless, then quiet"
                """,
        subcommands: [
            HistoryImport.self, HistoryList.self, HistoryAdd.self, HistoryEdit.self, HistoryRemove.self,
            HistoryReindex.self
        ]
    )

    @OptionGroup var list: HistoryListOptions

    func run() throws { try list.run() }
}

extension String {
    func padded(_ width: Int) -> String {
        count >= width ? self : padding(toLength: width, withPad: " ", startingAt: 0)
    }
}
