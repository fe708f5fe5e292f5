import Foundation
import Library
import Localization
import Settings

/// The history as an iCalendar file (RFC 5545): one event per sit, at its start, as long as it
/// was sat, named by what was sat in the reader's language, with the sitter's note. What
/// `meditate history --ics` writes and the service serves as `/history.ics`, for a calendar
/// (GNOME Calendar, Thunderbird, Nextcloud) to subscribe to.
///
/// A sleep is left out: it is kept in the history but is not practice, as it counts in no total.
/// The same history gives the same bytes (each event's stamp is its sit's end, not the time of
/// writing), so a calendar that fetches it again sees nothing changed when nothing did.
package enum PracticeCalendar {
    /// The calendar's text, lines ending in CRLF, each at most 75 bytes as the RFC folds them.
    package static func ics(_ sessions: [PracticeSession], language: Language) -> String {
        head(language: language) + events(sessions, language: language) + tail
    }

    /// The calendar's first lines: `head`, then `events` of each batch of sits, then `tail`
    /// give what `ics` gives, a batch at a time (a feed of a million sits holds one batch).
    package static func head(language: Language) -> String {
        Language.$requested.withValue(language) {
            [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//meditate//history//\(language.rawValue.uppercased())",
                "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "X-WR-CALNAME:" + escaped(say(.calendarName))
            ].map(folded).joined()
        }
    }

    /// The events of `sessions`.
    package static func events(_ sessions: [PracticeSession], language: Language) -> String {
        Language.$requested.withValue(language) {
            // A date RFC 5545 can write: years 1970 to 9999 (a damaged or planted line may
            // hold the year -1199, which would be no calendar's date).
            sessions.filter { $0.kind != .sleep && writable.contains($0.startedAt) }.flatMap(event).map(folded)
                .joined()
        }
    }

    package static let tail = "END:VCALENDAR\r\n"

    private static func event(_ session: PracticeSession) -> [String] {
        let start = Int(session.startedAt.rounded(.down))
        let sat = DurationText.words(seconds: session.satSeconds)
        let time =
            session.plannedSeconds == 0 || session.plannedSeconds == session.satSeconds
            ? sat : say(.historySatOf, ["sat": sat, "planned": DurationText.words(seconds: session.plannedSeconds)])
        var description = time + " · " + say(session.completed ? .historyCompleted : .historyEndedEarly)
        if !session.remark.isEmpty { description += "\n\n" + session.remark }
        return [
            "BEGIN:VEVENT",
            // The sit's UUID, the same on every device the history reaches, so that a calendar
            // subscribed on two of them knows one sit once; else (a history kept without files)
            // the row's number and start together, which one history's sits never share.
            "UID:" + (session.uuid.map { $0 + "@meditate" } ?? "\(start)-\(session.id ?? 0)@meditate"),
            "DTSTAMP:" + utc(start + max(0, session.satSeconds)),
            "DTSTART:" + utc(start),
            "DURATION:PT\(max(0, session.satSeconds))S",
            "SUMMARY:" + escaped(say(.calendarSummary, ["what": NoteText.readable(session.note)])),
            "DESCRIPTION:" + escaped(description),
            "TRANSP:TRANSPARENT",
            "END:VEVENT"
        ]
    }

    /// `20261127T070000Z`.
    private static func utc(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(
            format: "%04d%02d%02dT%02d%02d%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
            Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }

    /// The starts a calendar can hold: 1970-01-01 to 9999-12-31.
    private static let writable = 0.0..<253_402_300_800.0

    /// A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11); other
    /// control characters, which a TEXT value may not hold (but a tab), left out.
    private static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n", "\r\n", "\r": out += "\\n"
            case "\t": out.append(character)
            default:
                guard !character.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                    continue
                }
                out.append(character)
            }
        }
        return out
    }

    /// A content line folded after at most 75 bytes, never inside a character, with CRLF.
    private static func folded(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line + "\r\n" }
        var out = ""
        var width = 0
        for scalar in line.unicodeScalars {
            let bytes = String(scalar).utf8.count
            if width + bytes > 75 {
                out += "\r\n "
                width = 1
            }
            out.unicodeScalars.append(scalar)
            width += bytes
        }
        return out + "\r\n"
    }
}
