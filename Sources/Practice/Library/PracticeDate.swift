import Foundation
import Library
import Localization
import Settings

/// The dates of the history's CSV and of `--from`/`--to`.
package enum PracticeDate {
    /// Why a sit added or set by hand cannot have begun at `instant` (before 1970, or later
    /// than now and ten minutes: a sit is added once it was sat); nil when it can. `text` is
    /// how it was given.
    package static func refusal(ofSitAt instant: Double, given text: String) -> String? {
        if instant < 0 {
            return localized(
                "'\(text)' is before 1970, when the history begins",
                de: "'\(text)' liegt vor 1970, wo das Protokoll beginnt")
        }
        guard instant > Date().timeIntervalSince1970 + 600 else { return nil }
        return localized(
            "'\(text)' is in the future: a sit is added once it was sat",
            de: "'\(text)' liegt in der Zukunft: eine Sitzung wird eingetragen, wenn sie gesessen wurde")
    }

    /// Why `seconds` (minutes given, rounded to whole seconds) is no time sat; nil when it is.
    package static func refusal(ofSeconds seconds: Int, given minutes: String) -> String? {
        guard seconds < 1 else { return nil }
        return localized(
            "\(minutes) minutes is less than a second", de: "\(minutes) Minuten sind weniger als eine Sekunde")
    }

    /// `2026-03-29T07:30:00+02:00`: local time with its offset, so that it reads back to the same instant.
    package static func iso(_ seconds: Double, in timeZone: TimeZone) -> String {
        let date = Date(timeIntervalSince1970: seconds)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let p = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let offset = timeZone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d", p.year ?? 0, p.month ?? 0, p.day ?? 0,
            p.hour ?? 0, p.minute ?? 0, p.second ?? 0, sign, abs(offset) / 3600, abs(offset) % 3600 / 60)
    }

    package static func parse(_ text: String, in timeZone: TimeZone) -> Double? {
        let scanner = Scanner(string: text)
        scanner.charactersToBeSkipped = nil
        func number(_ digits: Int) -> Int? {
            guard let part = scanner.scanCharacters(from: .decimalDigits), part.count == digits else { return nil }
            return Int(part)
        }
        guard let year = number(4), scanner.scanString("-") != nil, let month = number(2),
            scanner.scanString("-") != nil,
            let day = number(2), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var hour = 12, minute = 0, second = 0
        var zone = timeZone
        if scanner.scanString("T") != nil || scanner.scanString(" ") != nil {
            guard let h = number(2), scanner.scanString(":") != nil, let m = number(2), h < 24, m < 60 else {
                return nil
            }
            hour = h
            minute = m
            second = 0
            if scanner.scanString(":") != nil {
                guard let s = number(2), s < 60 else { return nil }
                second = s
            }
            if scanner.scanString("Z") != nil {
                zone = TimeZone(secondsFromGMT: 0) ?? timeZone
            } else if let sign = scanner.scanCharacters(from: CharacterSet(charactersIn: "+-")), sign.count == 1 {
                guard let oh = number(2), scanner.scanString(":") != nil, let om = number(2),
                    let fixed = TimeZone(secondsFromGMT: (sign == "-" ? -1 : 1) * (oh * 3600 + om * 60))
                else { return nil }
                zone = fixed
            }
        }
        guard scanner.isAtEnd else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: parts),
            calendar.component(.day, from: date) == day
        else { return nil }
        return date.timeIntervalSince1970
    }

    /// `2026-11-21 07:30`, or `21.11.2026 07:30` in German.
    package static func local(_ seconds: Double, in timeZone: TimeZone, language: Language) -> String {
        let iso = iso(seconds, in: timeZone)
        let (date, time) = (iso.prefix(10), iso.dropFirst(11).prefix(5))
        guard language == .de else { return "\(date) \(time)" }
        let parts = date.split(separator: "-")
        return "\(parts[2]).\(parts[1]).\(parts[0]) \(time)"
    }

    /// The start of a local day, for `--from` and `--to`.
    package static func startOfDay(_ day: CivilDay, in timeZone: TimeZone) -> Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let (y, m, d) = day.components
        return calendar.date(from: DateComponents(year: y, month: m, day: d))?.timeIntervalSince1970 ?? 0
    }
}
