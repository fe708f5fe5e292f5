import ArgumentParser
import Foundation
import Library
import Localization
import Practice
import Settings

/// `meditate history list`: kept for scripts that name it; `meditate history` takes the same
/// options itself, where its help shows them.
struct HistoryList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: localized(
            "The most recent sits (the same as `meditate history`).",
            de: "Die letzten Sitzungen (dasselbe wie `meditate history`)."),
        shouldDisplay: false)

    @OptionGroup var options: HistoryListOptions

    func run() throws { try options.run() }
}

/// What `meditate history` lists, and how.
struct HistoryListOptions: ParsableArguments {
    @OptionGroup var range: DayRangeOptions

    @Option(
        help: .localized(
            "How many of the most recent sits to show (all with --json, --csv, --ics or --from).",
            de: "Wie viele der letzten Sitzungen gezeigt werden (alle mit --json, --csv, --ics oder --from)."))
    var limit = 20

    @Flag(help: .localized("JSON, for scripts.", de: "JSON, für Skripte."))
    var json = false

    @Flag(
        help: .localized(
            "CSV, in the format `history import` reads.", de: "CSV, im Format, das `history import` liest."))
    var csv = false

    @Flag(
        help: .localized(
            "iCalendar, one event per sit, for a calendar to show (sleeps left out).",
            de: "iCalendar, ein Termin je Sitzung, für einen Kalender (ohne Einschlafen)."))
    var ics = false

    @OptionGroup var location: LibraryLocation

    func validate() throws {
        if [json, csv, ics].filter({ $0 }).count > 1 {
            throw ValidationError(
                localized(
                    "--json, --csv and --ics are three formats; choose one",
                    de: "--json, --csv und --ics sind drei Formate; wähle eines"))
        }
        guard limit > 0 else {
            throw ValidationError(
                localized(
                    "--limit must be at least 1, not \(limit)",
                    de: "--limit muss mindestens 1 sein, nicht \(limit)"))
        }
    }

    func run() throws {
        let zone = TimeZone.current
        let bounds = range.bounds(in: PracticeDays(try Settings.load(), timeZone: zone))
        // Only the newest `limit` are read unless every sit of a range is asked for (a format
        // writes every sit).
        let newest = range.from == nil ? limit : nil
        let database = try location.open()
        // Where the history holds sits of more than one device, each says where it was sat.
        let devices = try database.practiceDevices()
        if csv || ics || json {
            try export(database, from: bounds.from, to: bounds.to, devices: devices, zone: zone)
            return
        }
        let sessions = try database.practice(from: bounds.from, to: bounds.to, newest: newest)
        guard !sessions.isEmpty else {
            let none = range.from != nil || range.to != nil ? say(.historyNoneInRange) : say(.historyNoneYet)
            StandardStream.write("meditate: \(none)\n", to: STDERR_FILENO)
            return
        }
        let deviceWidth = devices.count > 1 ? devices.values.map(\.count).max() ?? 0 : 0
        for session in sessions.reversed() {
            let when = PracticeDate.local(session.startedAt, in: zone, language: Language.current)
            let sat = DurationText.words(seconds: session.satSeconds)
            // An open-ended sit ended before its start gong has no length to be short of.
            let time =
                session.plannedSeconds == 0
                ? sat : say(.historySatOf, ["sat": sat, "planned": DurationText.words(seconds: session.plannedSeconds)])
            // Its number first, for `history edit` and `remove`; its own note last, on the same line.
            let remark =
                session.remark.isEmpty
                ? ""
                : " · "
                    + TerminalText.escapingControls(
                        session.remark.split(whereSeparator: \.isNewline).joined(separator: " "))
            let columns =
                [
                    String(session.id ?? 0).padded(4), when, Self.name(of: session.kind).padded(10), time.padded(24),
                    say(session.completed ? .historyCompleted : .historyEndedEarly).padded(11)
                ]
                + (deviceWidth > 0
                    ? [TerminalText.escapingControls(devices[session.device] ?? "").padded(deviceWidth)] : [])
                + [TerminalText.escapingControls(NoteText.readable(session.note)) + remark]
            print(columns.joined(separator: "  ").trimmingTrailingSpaces)
        }
    }
}

extension HistoryListOptions {
    /// Writes every sit of [from, to) in the format asked for, a batch at a time as the library
    /// reads them: an export of a million sits holds one batch, and begins at once.
    func export(
        _ database: LibraryDatabase, from: Double?, to: Double?, devices: [String: String], zone: TimeZone
    ) throws {
        let language = Language.current
        let words = csv ? try database.practiceHasWords(from: from, to: to) : (remark: false, track: false)
        var failure: (any Error)?
        var first = true
        let write = { (text: String) -> Bool in
            do throws(StandardOutputFailure) {
                try StandardStream.output(text)
                return true
            } catch {
                failure = error
                return false
            }
        }
        var going =
            csv
            ? write((try PracticeCSV.header(remarks: words.remark, tracks: words.track)))
            : ics ? write(PracticeCalendar.head(language: language)) : true
        try database.eachPractice(from: from, to: to) { sessions in
            do {
                let text: String
                if csv {
                    text =
                        "\n"
                        + (try PracticeCSV.rows(sessions, remarks: words.remark, tracks: words.track, timeZone: zone))
                } else if ics {
                    text = PracticeCalendar.events(sessions, language: language)
                } else {
                    text =
                        (first ? "[\n" : ",\n") + (try PracticeJSON.members(sessions, timeZone: zone, devices: devices))
                }
                first = false
                going = write(text)
            } catch {
                failure = error
                going = false
            }
            return going
        }
        if let failure { throw failure }
        if csv {
            _ = write("\n")
        } else if ics {
            _ = write(PracticeCalendar.tail)
        } else {
            _ = write(first ? (try PracticeJSON.format([], timeZone: zone)) + "\n" : "\n]\n")
        }
        if let failure { throw failure }
    }

    static func name(of kind: PracticeSession.Kind) -> String {
        switch kind {
        case .timer: say(.kindTimer)
        case .guided: say(.kindGuided)
        case .imported: say(.kindImported)
        case .sleep: say(.kindSleep)
        case .manual: say(.kindManual)
        }
    }
}
