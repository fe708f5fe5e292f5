import Control
import Foundation
import Settings

/// The service's replies and events in words, for `meditate ctl` without --json.
enum CtlText {
    static func status(_ status: JSONValue) -> String {
        guard let session = status["session"] else { return localized("idle", de: "untätig") }
        var parts = [session["phase"]?.stringValue ?? "?"]
        if let remaining = session["remainingSeconds"]?.numberValue {
            parts.append(
                localized("\(clock(remaining)) left", de: "noch \(clock(remaining))"))
        }
        if let bell = session["nextBell"], let at = bell["atSeconds"]?.numberValue,
            let elapsed = session["elapsedSeconds"]?.numberValue
        {
            let name = bell["bell"]?.stringValue ?? "bell"
            parts.append(
                localized("next: \(name) in \(clock(at - elapsed))", de: "nächste: \(name) in \(clock(at - elapsed))"))
        }
        if session["waitingForOutput"]?.boolValue == true {
            parts.append(localized("waiting for sound output", de: "warte auf Audioausgabe"))
        }
        if let description = session["description"]?.stringValue { parts.append(description) }
        return parts.joined(separator: " · ")
    }

    static func event(_ event: JSONValue) -> String {
        let name = event["event"]?.stringValue ?? "?"
        let time = clockOfDay(Date())
        switch name {
        case "phase": return "\(time) \(event["phase"]?.stringValue ?? "?")"
        case "bell":
            let number = event["number"]?.intValue.map { " \($0)" } ?? ""
            return "\(time) \(localized("bell", de: "Glocke")): \(event["bell"]?.stringValue ?? "?")\(number)"
        case "session-started":
            return
                "\(time) \(localized("started", de: "begonnen")): \(event["session"]?["description"]?.stringValue ?? "")"
        case "session-recorded", "session-ended":
            let sat = event["satSeconds"]?.intValue ?? 0
            return "\(time) \(name): \(ClockText.format(seconds: sat))"
        case "position", "moved":
            let position = ClockText.format(seconds: Int(event["position"]?.numberValue ?? 0))
            let duration = event["duration"]?.numberValue.map { " / " + clock($0) } ?? ""
            return "\(time) \(name): \(position)\(duration)"
        default: return "\(time) \(name)"
        }
    }

    private static func clock(_ seconds: Double) -> String {
        ClockText.format(seconds: Int(max(0, seconds).rounded(.up)))
    }

    private static func clockOfDay(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: date)
    }
}
