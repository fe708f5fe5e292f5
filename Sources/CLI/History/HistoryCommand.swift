import ArgumentParser
import Foundation
import Library

/// `meditate history`: the sits recorded so far.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "The sits you have done: every live session and guided playback, finished or not.",
        discussion: """
        Each live session and guided playback is recorded when it ends, with the time actually sat (a session ended early counts what was sat). Offline renders are not practice and are not recorded.

        CSV (--csv, and `history import`): a header row, then `date,duration_minutes,note`. date is 2026-03-29 (noon), 2026-03-29T07:30 (local time) or 2026-03-29T07:30:00+02:00; duration_minutes is the time sat. `history --csv` adds planned_minutes, completed and kind, which `history import` reads back, so an export imports into the same history; a sit already there is skipped.

        Examples:
          meditate history
          meditate history --from 2026-01-01 --csv > sits.csv
          meditate history import old-app.csv
        """,
        subcommands: [HistoryList.self, HistoryImport.self],
        defaultSubcommand: HistoryList.self
    )
}

struct HistoryList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "The most recent sits (the default).")

    @OptionGroup var range: DayRangeOptions

    @Option(help: "How many of the most recent sits to show (all with --json, --csv or --from).")
    var limit = 20

    @Flag(help: "JSON, for scripts.")
    var json = false

    @Flag(help: "CSV, in the format `history import` reads.")
    var csv = false

    @OptionGroup var location: LibraryLocation

    func validate() throws {
        if json && csv { throw ValidationError("--json and --csv are two formats; choose one") }
        guard limit > 0 else { throw ValidationError("--limit must be at least 1, not \(limit)") }
    }

    func run() throws {
        let zone = TimeZone.current
        let bounds = range.bounds(in: zone)
        var sessions = try location.open().practice(from: bounds.from, to: bounds.to)
        if csv {
            print(try PracticeCSV.format(sessions, timeZone: zone), terminator: "")
            return
        }
        if json {
            print(try PracticeJSON.format(sessions, timeZone: zone))
            return
        }
        if range.from == nil { sessions = Array(sessions.suffix(limit)) }
        guard !sessions.isEmpty else {
            let none = range.from != nil || range.to != nil ? say(.historyNoneInRange) : say(.historyNoneYet)
            FileHandle.standardError.write(Data("meditate: \(none)\n".utf8))
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
        commandName: "import", abstract: "Add sits from a CSV file (date,duration_minutes,note); sits already there are skipped.")

    @Argument(help: ArgumentHelp("The CSV file.", valueName: "file"))
    var file: String

    @OptionGroup var location: LibraryLocation

    func run() throws {
        let text: String
        do {
            text = try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            throw HistoryError.unreadable(path: file, reason: ConfigFile.reason(error))
        }
        let sessions = try PracticeCSV.parse(text, path: file, timeZone: .current)
        let added = try location.open().importPractice(sessions)
        let skipped = sessions.count - added
        print(skipped > 0 ? say(.historyImportedSkipped, ["count": added, "skipped": skipped]) : say(.historyImported, ["count": added]))
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
