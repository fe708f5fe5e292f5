import CSV
import Foundation
import Library
import Localization
import Practice
import Settings

/// The history as CSV: what `history --csv` writes and `history import` reads.
///
/// Columns, with a header row: `date` (`2026-03-29`, `2026-03-29T07:30`, or with seconds and an
/// offset, `2026-03-29T07:30:00+02:00`; local time when there is no offset; noon for a bare date),
/// `duration_minutes` (time sat, decimals allowed), `note`. Optional, as `history --csv` writes
/// them: `planned_minutes` (default: the duration), `completed` (`true`/`false`, default true),
/// `kind` (`timer`, `guided`, `sleep`, `manual`, `imported`, default imported); `remark`, a sit's
/// own note, when one has it; `track`, the track a guided sit played, when one did.
enum PracticeCSV {
    static let header = ["date", "duration_minutes", "note", "planned_minutes", "completed", "kind"]

    /// The column of a sit's own note (`--note`): written when a sit has one, read when there.
    static let remarkColumn = "remark"

    /// The column of the track a guided sit played, when one did.
    static let trackColumn = "track"

    /// The header row, with the columns of remarks and tracks when the history has any.
    static func header(remarks: Bool, tracks: Bool) throws -> String {
        try rows([header + (remarks ? [remarkColumn] : []) + (tracks ? [trackColumn] : [])])
    }

    /// The rows of `sessions`, without a line end after the last: an export writes the header
    /// and then each batch after a line end, so that a million sits are never in memory at once.
    static func rows(_ sessions: [PracticeSession], remarks: Bool, tracks: Bool, timeZone: TimeZone) throws -> String {
        try rows(
            sessions.map { session in
                [
                    PracticeDate.iso(session.startedAt, in: timeZone), minutes(session.satSeconds),
                    NoteText.readable(session.note),
                    minutes(session.plannedSeconds), session.completed ? "true" : "false", session.kind.rawValue
                ] + (remarks ? [session.remark] : []) + (tracks ? [session.track] : [])
            })
    }

    private static func rows(_ rows: [[String]]) throws -> String {
        let csv = try CSVWriter(stream: .toMemory())
        for row in rows { try csv.write(row: row) }
        csv.stream.close()
        let data = csv.stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// Seconds as minutes with enough decimals to give the same whole seconds back.
    static func minutes(_ seconds: Int) -> String {
        var text = String(format: "%.4f", Double(seconds) / 60)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    static func parse(_ text: String, path: String, timeZone: TimeZone) throws(HistoryError) -> [PracticeSession] {
        let reader: CSVReader
        do {
            reader = try CSVReader(string: text, hasHeaderRow: true, trimFields: true)
        } catch {
            throw .csv(
                path: path, line: 1,
                reason: localized(
                    "no header row could be read: this is not CSV with date,duration_minutes,note",
                    de: "keine Kopfzeile lesbar: das ist kein CSV mit date,duration_minutes,note"))
        }
        let columns = (reader.headerRow ?? []).map { $0.lowercased() }
        for required in ["date", "duration_minutes"] where !columns.contains(required) {
            throw .csv(
                path: path, line: 1,
                reason: localized(
                    "the header must name a '\(required)' column (date,duration_minutes,note)",
                    de: "die Kopfzeile muss eine Spalte '\(required)' nennen (date,duration_minutes,note)"))
        }
        var sessions: [PracticeSession] = []
        var line = 1
        while let row = reader.next() {
            line += 1
            if row.allSatisfy(\.isEmpty) { continue }
            let field = { (name: String) -> String? in
                columns.firstIndex(of: name).flatMap { $0 < row.count ? row[$0] : nil }.flatMap {
                    $0.isEmpty ? nil : $0
                }
            }
            let fail = { (reason: String) in HistoryError.csv(path: path, line: line, reason: reason) }
            guard let dateText = field("date"), let started = PracticeDate.parse(dateText, in: timeZone) else {
                throw fail(
                    localized(
                        "date '\(field("date") ?? "")' is not YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS][±HH:MM]",
                        de: "date '\(field("date") ?? "")' ist nicht JJJJ-MM-TT oder JJJJ-MM-TTTHH:MM[:SS][±HH:MM]"))
            }
            guard let sat = field("duration_minutes").flatMap(Self.seconds) else {
                throw fail(
                    localized(
                        "duration_minutes '\(field("duration_minutes") ?? "")' is not a number of minutes from 0 to 1440",
                        de: "duration_minutes '\(field("duration_minutes") ?? "")' ist keine Minutenzahl von 0 bis 1440"
                    ))
            }
            var planned = sat
            if let text = field("planned_minutes") {
                guard let value = Self.seconds(text) else {
                    throw fail(
                        localized(
                            "planned_minutes '\(text)' is not a number of minutes",
                            de: "planned_minutes '\(text)' ist keine Minutenzahl"))
                }
                planned = value
            }
            var completed = true
            if let text = field("completed") {
                guard let value = Bool(settingText: text) else {
                    throw fail(
                        localized(
                            "completed '\(text)' is not true or false",
                            de: "completed '\(text)' ist nicht true oder false"))
                }
                completed = value
            }
            var kind = PracticeSession.Kind.imported
            if let text = field("kind") {
                guard let value = PracticeSession.Kind(rawValue: text) else {
                    throw fail(
                        localized(
                            "kind '\(text)' is not timer, guided, sleep, manual or imported",
                            de: "kind '\(text)' ist nicht timer, guided, sleep, manual oder imported"))
                }
                kind = value
            }
            let remark = field(remarkColumn) ?? ""
            if let refusal = SitRequest.remarkRefusal(remark, name: "remark") { throw fail(refusal) }
            let track = field(trackColumn) ?? ""
            guard track.count <= PracticeRecord.longestTrack, !track.contains(where: \.isNewline) else {
                throw fail(
                    localized(
                        "track is longer than \(PracticeRecord.longestTrack) characters or has a line break",
                        de: "track ist länger als \(PracticeRecord.longestTrack) Zeichen oder hat einen Zeilenumbruch"))
            }
            sessions.append(
                PracticeSession(
                    startedAt: started, kind: kind, note: field("note") ?? "",
                    plannedSeconds: planned, satSeconds: sat, completed: completed, remark: remark, track: track))
        }
        return sessions
    }

    /// Whole seconds of a number of minutes (0 to 24 hours).
    static func seconds(_ minutes: String) -> Int? {
        guard let value = Double(minutes), value.isFinite, (0...1440).contains(value) else { return nil }
        return Int((value * 60).rounded())
    }
}
