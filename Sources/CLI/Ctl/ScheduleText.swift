import Control
import Foundation
import Library
import Localization
import Settings

/// A schedule in words, in the run's language: "3  Mon-Fri 06:30  a sit --preset morning  (next: Mon 30 Nov
/// 06:30)"; "3  Mo-Fr 06:30  Sitzen --preset morning  (nächste: Mo 30. Nov 06:30)". Its options are
/// written as the flags that set them.
enum ScheduleText {
    static func line(_ schedule: JSONValue) -> String {
        let german = Language.current == .de
        var parts = [String(schedule["id"]?.intValue ?? 0)]
        let daysText = schedule["days"]?.stringValue ?? "daily"
        var when = Weekdays(text: daysText)?.words(german: german) ?? daysText
        if let at = schedule["at"]?.stringValue {
            when += " " + at
        } else if let random = schedule["random"]?.stringValue {
            let from = schedule["from"]?.stringValue ?? "", to = schedule["to"]?.stringValue ?? ""
            when += " " + localized("random \(random) min \(from)-\(to)", de: "zufällig \(random) min \(from)-\(to)")
        } else if let every = schedule["every"]?.intValue {
            let from = schedule["from"]?.stringValue ?? "", to = schedule["to"]?.stringValue ?? ""
            let length = DurationText.words(seconds: every * 60)
            when += " " + localized("every \(length) \(from)-\(to)", de: "alle \(length) \(from)-\(to)")
        }
        parts.append(when)
        var what = action(schedule["action"]?.stringValue ?? "?")
        if case let .object(options)? = schedule["options"] {
            for (name, value) in options.sorted(by: { $0.key < $1.key }) {
                let flag = "--" + name.replacing(#/[A-Z]/#) { "-" + $0.output.lowercased() }
                switch value {
                case .bool(true): what += " \(flag)"
                case .bool(false): continue
                default:
                    // Quoted where it has spaces, so that the line pastes back (`--segments 'sit 20, walk 5'`).
                    let text = value.stringValue ?? value.line
                    what += " \(flag) " + (text.contains(" ") ? "'\(text)'" : text)
                }
            }
        }
        if schedule["over"]?.boolValue == true {
            what += " " + localized("(over sessions)", de: "(auch über Sitzungen)")
        }
        parts.append(what)
        // Another device's service rings it, not the one that answered.
        if schedule["elsewhere"]?.boolValue == true {
            let host = schedule["service"]?["host"]?.stringValue ?? ""
            parts.append(
                localized(
                    "on \(host.isEmpty ? "another device" : host)",
                    de: "auf \(host.isEmpty ? "einem anderen Gerät" : host)"))
        }
        // Present only while the pause lasts (`ScheduleRequest.json`).
        if schedule["pausedUntil"] != nil {
            parts.append(localized("(paused for today)", de: "(heute ausgesetzt)"))
        }
        if let next = schedule["next"]?.numberValue {
            parts.append("(" + localized("next", de: "nächste") + ": " + moment(next, german: german) + ")")
        }
        // Its words may come from any device's file in the shared folder (a note, a host name):
        // their control characters are written out, never sent to the terminal as they are.
        return TerminalText.escapingControls(parts.joined(separator: "  "))
    }

    private static func action(_ name: String) -> String {
        switch name {
        case "sit": localized("a sit", de: "Sitzen")
        case "bell": localized("a bell", de: "Glocke")
        case "play": localized("a track", de: "Aufnahme")
        case "remind": localized("a reminder", de: "Erinnerung")
        default: name
        }
    }

    /// `Mon 30 Nov 06:30:00`, `Mo 30. Nov 06:30:00`: in the run's language, not the C locale's.
    private static func moment(_ seconds: Double, german: Bool) -> String {
        let date = Date(timeIntervalSince1970: seconds)
        let parts = Calendar.current.dateComponents([.weekday, .day, .month, .hour, .minute, .second], from: date)
        let weekdays =
            german ? ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"] : ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = say(.monthNames).split(separator: " ").map(String.init)
        let weekday = weekdays[((parts.weekday ?? 1) - 1) % 7]
        let month = months.indices.contains((parts.month ?? 1) - 1) ? months[(parts.month ?? 1) - 1] : ""
        let day = "\(parts.day ?? 1)" + (german ? "." : "")
        let two = { (n: Int?) in String(format: "%02d", n ?? 0) }
        return "\(weekday) \(day) \(month) \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
    }
}
