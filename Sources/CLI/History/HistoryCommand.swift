import ArgumentParser
import Foundation
import Library

/// `meditate history`: the sits recorded so far.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: localized("The sits you have done: every live session and guided playback, finished or not.",
                            de: "Deine Sitzungen: jede Live-Sitzung und geführte Wiedergabe, vollständig oder nicht."),
        discussion: localized("""
        Each live session and guided playback is recorded when it ends, with the time actually sat (a session ended early counts what was sat). Offline renders are not practice and are not recorded.

        CSV (--csv, and `history import`): a header row, then `date,duration_minutes,note`. date is 2026-03-29 (noon), 2026-03-29T07:30 (local time) or 2026-03-29T07:30:00+02:00; duration_minutes is the time sat. `history --csv` adds planned_minutes, completed and kind, which `history import` reads back, so an export imports into the same history; a sit already there is skipped.

        Examples:
        """, de: """
        Jede Live-Sitzung und geführte Wiedergabe wird an ihrem Ende aufgezeichnet, mit der tatsächlich gesessenen Zeit (eine vorzeitig beendete Sitzung zählt, was gesessen wurde). Offline gerenderte Dateien sind keine Praxis und werden nicht aufgezeichnet.

        CSV (--csv und `history import`): eine Kopfzeile, dann `date,duration_minutes,note`. date ist 2026-03-29 (Mittag), 2026-03-29T07:30 (Ortszeit) oder 2026-03-29T07:30:00+02:00; duration_minutes ist die gesessene Zeit. `history --csv` fügt planned_minutes, completed und kind an, die `history import` wieder liest: ein Export lässt sich in dasselbe Protokoll importieren; eine Sitzung, die schon da ist, wird übersprungen.

        Beispiele:
        """) + """

          meditate history
          meditate history --from 2026-01-01 --csv > sits.csv
          meditate history import old-app.csv
        """,
        subcommands: [HistoryList.self, HistoryImport.self],
        defaultSubcommand: HistoryList.self
    )
}

struct HistoryList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: localized("The most recent sits (the default).",
                                                                                  de: "Die letzten Sitzungen (der Standard)."))

    @OptionGroup var range: DayRangeOptions

    @Option(help: .localized("How many of the most recent sits to show (all with --json, --csv or --from).",
                             de: "Wie viele der letzten Sitzungen gezeigt werden (alle mit --json, --csv oder --from)."))
    var limit = 20

    @Flag(help: .localized("JSON, for scripts.", de: "JSON, für Skripte."))
    var json = false

    @Flag(help: .localized("CSV, in the format `history import` reads.", de: "CSV, im Format, das `history import` liest."))
    var csv = false

    @OptionGroup var location: LibraryLocation

    func validate() throws {
        if json && csv { throw ValidationError(localized("--json and --csv are two formats; choose one",
                                                                 de: "--json und --csv sind zwei Formate; wähle eines")) }
        guard limit > 0 else { throw ValidationError(localized("--limit must be at least 1, not \(limit)",
                                                                          de: "--limit muss mindestens 1 sein, nicht \(limit)")) }
    }

    func run() throws {
        let zone = TimeZone.current
        let bounds = range.bounds(in: zone)
        // Only the newest `limit` are read unless every sit of a range or a format is asked for.
        let newest = range.from == nil && !csv && !json ? limit : nil
        let sessions = try location.open().practice(from: bounds.from, to: bounds.to, newest: newest)
        if csv {
            try StandardStream.output(PracticeCSV.format(sessions, timeZone: zone))
            return
        }
        if json {
            try StandardStream.output(PracticeJSON.format(sessions, timeZone: zone) + "\n")
            return
        }
        guard !sessions.isEmpty else {
            let none = range.from != nil || range.to != nil ? say(.historyNoneInRange) : say(.historyNoneYet)
            StandardStream.write("meditate: \(none)\n", to: STDERR_FILENO)
            return
        }
        for session in sessions.reversed() {
            let when = PracticeDate.local(session.startedAt, in: zone, language: Language.current)
            let time = say(.historySatOf, ["sat": ClockText.format(seconds: session.satSeconds),
                                           "planned": ClockText.format(seconds: session.plannedSeconds)])
            let columns = [when, Self.name(of: session.kind).padded(10), time.padded(18),
                           say(session.completed ? .historyCompleted : .historyEndedEarly).padded(11), session.note]
            print(columns.joined(separator: "  ").trimmingTrailingSpaces)
        }
    }
}

extension HistoryList {
    static func name(of kind: PracticeSession.Kind) -> String {
        switch kind {
        case .timer: say(.kindTimer)
        case .guided: say(.kindGuided)
        case .imported: say(.kindImported)
        }
    }
}

extension String {
    func padded(_ width: Int) -> String { count >= width ? self : padding(toLength: width, withPad: " ", startingAt: 0) }
}

struct HistoryImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: localized(
            "Add sits from a CSV file (date,duration_minutes,note); sits already there are skipped.",
            de: "Fügt Sitzungen aus einer CSV-Datei hinzu (date,duration_minutes,note); vorhandene werden übersprungen."))

    @Argument(help: .localized("The CSV file.", de: "Die CSV-Datei.", valueName: "file"))
    var file: String

    @OptionGroup var location: LibraryLocation

    func run() throws {
        let text: String
        do {
            text = try TextFile.read(file)
        } catch {
            throw HistoryError.unreadable(path: file, reason: error.reason)
        }
        let sessions = try PracticeCSV.parse(text, path: file, timeZone: .current)
        let added = try location.open().importPractice(sessions)
        let skipped = sessions.count - added
        if skipped > 0 {
            print(say(.historyImportedSkipped, ["count": added, "skipped": skipped]))
        } else {
            print(added == 1 ? localized("imported 1 sit", de: "1 Sitzung importiert") : say(.historyImported, ["count": added]))
        }
    }
}

/// The history as JSON, for scripts.
enum PracticeJSON {
    private struct Entry: Encodable {
        let date: String
        let kind: String
        let note: String
        let plannedSeconds: Int
        let satSeconds: Int
        let completed: Bool
    }

    static func format(_ sessions: [PracticeSession], timeZone: TimeZone) throws -> String {
        let entries = sessions.map {
            Entry(date: PracticeDate.iso($0.startedAt, in: timeZone), kind: $0.kind.rawValue, note: $0.note,
                  plannedSeconds: $0.plannedSeconds, satSeconds: $0.satSeconds, completed: $0.completed)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(entries), as: UTF8.self)
    }
}
