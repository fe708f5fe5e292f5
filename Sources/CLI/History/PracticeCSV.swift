import CSV
import Foundation
import Library

/// The history as CSV: what `history --csv` writes and `history import` reads.
///
/// Columns, with a header row: `date` (`2026-03-29`, `2026-03-29T07:30`, or with seconds and an
/// offset, `2026-03-29T07:30:00+02:00`; local time when there is no offset; noon for a bare date),
/// `duration_minutes` (time sat, decimals allowed), `note`. Optional, as `history --csv` writes
/// them: `planned_minutes` (default: the duration), `completed` (`true`/`false`, default true),
/// `kind` (`timer`, `guided`, `imported`, default imported).
enum PracticeCSV {
    static let header = ["date", "duration_minutes", "note", "planned_minutes", "completed", "kind"]

    static func format(_ sessions: [PracticeSession], timeZone: TimeZone) throws -> String {
        let csv = try CSVWriter(stream: .toMemory())
        try csv.write(row: header)
        for session in sessions {
            try csv.write(row: [
                PracticeDate.iso(session.startedAt, in: timeZone), minutes(session.satSeconds), session.note,
                minutes(session.plannedSeconds), session.completed ? "true" : "false", session.kind.rawValue,
            ])
        }
        csv.stream.close()
        let data = csv.stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
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
            throw .csv(path: path, line: 1, reason: localized("no header row could be read: this is not CSV with date,duration_minutes,note",
                                                              de: "keine Kopfzeile lesbar: das ist kein CSV mit date,duration_minutes,note"))
        }
        let columns = (reader.headerRow ?? []).map { $0.lowercased() }
        for required in ["date", "duration_minutes"] where !columns.contains(required) {
            throw .csv(path: path, line: 1, reason: localized(
                "the header must name a '\(required)' column (date,duration_minutes,note)",
                de: "die Kopfzeile muss eine Spalte '\(required)' nennen (date,duration_minutes,note)"))
        }
        var sessions: [PracticeSession] = []
        var line = 1
        while let row = reader.next() {
            line += 1
            if row.allSatisfy(\.isEmpty) { continue }
            let field = { (name: String) -> String? in
                columns.firstIndex(of: name).flatMap { $0 < row.count ? row[$0] : nil }.flatMap { $0.isEmpty ? nil : $0 }
            }
            let fail = { (reason: String) in HistoryError.csv(path: path, line: line, reason: reason) }
            guard let dateText = field("date"), let started = PracticeDate.parse(dateText, in: timeZone) else {
                throw fail(localized("date '\(field("date") ?? "")' is not YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS][±HH:MM]",
                                     de: "date '\(field("date") ?? "")' ist nicht JJJJ-MM-TT oder JJJJ-MM-TTTHH:MM[:SS][±HH:MM]"))
            }
            guard let sat = field("duration_minutes").flatMap(Self.seconds) else {
                throw fail(localized(
                    "duration_minutes '\(field("duration_minutes") ?? "")' is not a number of minutes from 0 to 1440",
                    de: "duration_minutes '\(field("duration_minutes") ?? "")' ist keine Minutenzahl von 0 bis 1440"))
            }
            var planned = sat
            if let text = field("planned_minutes") {
                guard let value = Self.seconds(text) else { throw fail(localized("planned_minutes '\(text)' is not a number of minutes",
                                                                         de: "planned_minutes '\(text)' ist keine Minutenzahl")) }
                planned = value
            }
            var completed = true
            if let text = field("completed") {
                guard let value = Bool(settingText: text) else { throw fail(localized("completed '\(text)' is not true or false",
                                                                                    de: "completed '\(text)' ist nicht true oder false")) }
                completed = value
            }
            var kind = PracticeSession.Kind.imported
            if let text = field("kind") {
                guard let value = PracticeSession.Kind(rawValue: text) else { throw fail(localized(
                    "kind '\(text)' is not timer, guided or imported", de: "kind '\(text)' ist nicht timer, guided oder imported")) }
                kind = value
            }
            sessions.append(PracticeSession(startedAt: started, kind: kind, note: field("note") ?? "",
                                            plannedSeconds: planned, satSeconds: sat, completed: completed))
        }
        return sessions
    }

    /// Whole seconds of a number of minutes (0 to 24 hours).
    static func seconds(_ minutes: String) -> Int? {
        guard let value = Double(minutes), value.isFinite, (0...1440).contains(value) else { return nil }
        return Int((value * 60).rounded())
    }
}

/// The dates of the history's CSV and of `--from`/`--to`.
enum PracticeDate {
    /// `2026-03-29T07:30:00+02:00`: local time with its offset, so that it reads back to the same instant.
    static func iso(_ seconds: Double, in timeZone: TimeZone) -> String {
        let date = Date(timeIntervalSince1970: seconds)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let p = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let offset = timeZone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d", p.year ?? 0, p.month ?? 0, p.day ?? 0,
                      p.hour ?? 0, p.minute ?? 0, p.second ?? 0, sign, abs(offset) / 3600, abs(offset) % 3600 / 60)
    }

    static func parse(_ text: String, in timeZone: TimeZone) -> Double? {
        let scanner = Scanner(string: text)
        scanner.charactersToBeSkipped = nil
        func number(_ digits: Int) -> Int? {
            guard let part = scanner.scanCharacters(from: .decimalDigits), part.count == digits else { return nil }
            return Int(part)
        }
        guard let year = number(4), scanner.scanString("-") != nil, let month = number(2), scanner.scanString("-") != nil,
              let day = number(2), (1...12).contains(month), (1...31).contains(day) else { return nil }
        var hour = 12, minute = 0, second = 0
        var zone = timeZone
        if scanner.scanString("T") != nil || scanner.scanString(" ") != nil {
            guard let h = number(2), scanner.scanString(":") != nil, let m = number(2), h < 24, m < 60 else { return nil }
            hour = h; minute = m; second = 0
            if scanner.scanString(":") != nil {
                guard let s = number(2), s < 60 else { return nil }
                second = s
            }
            if scanner.scanString("Z") != nil {
                zone = TimeZone(secondsFromGMT: 0) ?? timeZone
            } else if let sign = scanner.scanCharacters(from: CharacterSet(charactersIn: "+-")), sign.count == 1 {
                guard let oh = number(2), scanner.scanString(":") != nil, let om = number(2),
                      let fixed = TimeZone(secondsFromGMT: (sign == "-" ? -1 : 1) * (oh * 3600 + om * 60)) else { return nil }
                zone = fixed
            }
        }
        guard scanner.isAtEnd else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: parts),
              calendar.component(.day, from: date) == day else { return nil }
        return date.timeIntervalSince1970
    }

    /// `2026-11-21 07:30`, or `21.11.2026 07:30` in German.
    static func local(_ seconds: Double, in timeZone: TimeZone, language: Language) -> String {
        let iso = iso(seconds, in: timeZone)
        let (date, time) = (iso.prefix(10), iso.dropFirst(11).prefix(5))
        guard language == .de else { return "\(date) \(time)" }
        let parts = date.split(separator: "-")
        return "\(parts[2]).\(parts[1]).\(parts[0]) \(time)"
    }

    /// The start of a local day, for `--from` and `--to`.
    static func startOfDay(_ day: CivilDay, in timeZone: TimeZone) -> Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let (y, m, d) = day.components
        return calendar.date(from: DateComponents(year: y, month: m, day: d))?.timeIntervalSince1970 ?? 0
    }
}
