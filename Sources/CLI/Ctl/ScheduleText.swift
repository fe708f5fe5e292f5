import Control
import Foundation
import Settings

/// A schedule in words: "3  mon-fri 06:30  sit preset=morning  (next: Mon 30 Nov 06:30)".
enum ScheduleText {
    static func line(_ schedule: JSONValue) -> String {
        var parts = [String(schedule["id"]?.intValue ?? 0)]
        var when = schedule["days"]?.stringValue ?? ""
        if let at = schedule["at"]?.stringValue {
            when += " " + at
        } else if let every = schedule["every"]?.intValue {
            let from = schedule["from"]?.stringValue ?? "", to = schedule["to"]?.stringValue ?? ""
            when += " " + localized("every \(every) min \(from)-\(to)", de: "alle \(every) min \(from)-\(to)")
        }
        parts.append(when)
        var what = schedule["action"]?.stringValue ?? "?"
        if case let .object(options)? = schedule["options"] {
            for (name, value) in options.sorted(by: { $0.key < $1.key }) {
                what += " \(name)=\(value.stringValue ?? value.line)"
            }
        }
        if schedule["over"]?.boolValue == true {
            what += " " + localized("(over sessions)", de: "(auch über Sitzungen)")
        }
        parts.append(what)
        // Present only while the pause lasts (`ScheduleRequest.json`).
        if schedule["pausedUntil"] != nil {
            parts.append(localized("(paused for today)", de: "(heute ausgesetzt)"))
        }
        if let next = schedule["next"]?.numberValue {
            let formatter = DateFormatter()
            formatter.dateFormat = "EEE d MMM HH:mm:ss"
            parts.append(
                "(" + localized("next", de: "nächste") + ": "
                    + formatter.string(from: Date(timeIntervalSince1970: next)) + ")")
        }
        return parts.joined(separator: "  ")
    }
}
