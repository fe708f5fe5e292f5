import Control
import Foundation
import Localization
import Session
import Settings

/// The service's replies and events in words, for `meditate ctl` without --json: every word in
/// the run's language (the protocol's names, `sitting`, `interval`, `session-ended`, stay in
/// --json).
enum CtlText {
    static func status(_ status: JSONValue) -> String {
        guard let session = status["session"] else { return localized("idle", de: "nichts läuft") }
        let named = session["phase"]?.stringValue ?? status["state"]?.stringValue ?? ""
        // A sleep's sitting is falling asleep.
        var parts = [session["kind"] == "sleep" && named == "sitting" ? say(.phaseSleeping) : phase(named)]
        // In a session of segments: the segment's time left, and what follows it.
        let segment = session["segment"]
        // No set end: the time counts up; what is left is only to the day's limit.
        let open = session["open"] == true
        if open, let sat = session["satSeconds"]?.numberValue {
            parts.append(say(.sitSoFar, ["time": clock(sat)]))
        } else if let remaining = segment?["remainingSeconds"]?.numberValue
            ?? session["remainingSeconds"]?.numberValue
        {
            parts.append(say(.timeLeft, ["time": clock(remaining)]))
        }
        if let next = segment?["next"], let seconds = next["seconds"]?.numberValue {
            parts.append(say(next["kind"]?.stringValue == "walk" ? .thenWalk : .thenSit, ["time": clock(seconds)]))
        }
        if let bell = session["nextBell"], let at = bell["atSeconds"]?.numberValue,
            let elapsed = session["elapsedSeconds"]?.numberValue
        {
            let time = clock(at - elapsed)
            switch bell["bell"]?.stringValue {
            case "completion"? where open:
                // Rung when the sitter ends it, not at the limit it stands for.
                break
            case "completion"?:
                parts.append(localized("completion gong in \(time)", de: "Schlussgong in \(time)"))
            case "start"?:
                parts.append(localized("start gong in \(time)", de: "Startgong in \(time)"))
            case "transition"?:
                // The gong between segments is no interval bell: it says what begins.
                parts.append(
                    bell["to"]?.stringValue == "walk"
                        ? localized("walking in \(time)", de: "Gehen beginnt in \(time)")
                        : localized("sitting again in \(time)", de: "Sitzen beginnt wieder in \(time)"))
            default:
                parts.append(say(.nextBellIn, ["time": time]))
            }
        }
        if session["waitingForOutput"]?.boolValue == true {
            parts.append(localized("waiting for sound output", de: "warte auf Audioausgabe"))
        }
        let described = description(of: session)
        if !described.isEmpty { parts.append(described) }
        return parts.joined(separator: " · ")
    }

    /// A session's description in this run's language: said from its `descriptionParts` (the
    /// catalogue's keys with their values), as the history says a note; the service's own
    /// `description` is in the service's language. That text when there are no parts.
    static func description(of session: JSONValue?) -> String {
        if case let .array(items)? = session?["descriptionParts"] {
            let parts = items.compactMap { item -> [String: String]? in
                guard case let .object(members) = item else { return nil }
                let values = members.compactMapValues(\.stringValue)
                return values.count == members.count ? values : nil
            }
            if !parts.isEmpty, parts.count == items.count {
                let said = NoteText.readable(NoteText.stored(parts))
                if !said.isEmpty { return said }
            }
        }
        return session?["description"]?.stringValue ?? ""
    }

    static func event(_ event: JSONValue) -> String {
        "\(clockOfDay(Date())) " + words(of: event)
    }

    /// An event in words alone, for a log line that has its own time.
    static func eventWords(_ event: JSONValue) -> String { words(of: event) }

    private static func words(of event: JSONValue) -> String {
        let name = event["event"]?.stringValue ?? "?"
        let sat = DurationText.words(seconds: event["satSeconds"]?.intValue ?? 0)
        switch name {
        case "phase":
            let named = event["phase"]?.stringValue ?? ""
            return event["session"]?["kind"] == "sleep" && named == "sitting" ? say(.phaseSleeping) : phase(named)
        case "bell": return bell(event)
        case "session-started":
            return localized("started", de: "begonnen") + ": " + description(of: event["session"])
        case "session-recorded":
            return event["completed"]?.boolValue == true
                ? localized("recorded: complete, sat \(sat)", de: "aufgezeichnet: fertig, \(sat) gesessen")
                : localized(
                    "recorded: ended early, sat \(sat)", de: "aufgezeichnet: vorzeitig beendet, \(sat) gesessen")
        case "session-ended": return localized("ended: sat \(sat)", de: "zu Ende: \(sat) gesessen")
        case "position":
            let position = ClockText.format(seconds: Int(event["position"]?.numberValue ?? 0))
            let duration = event["duration"]?.numberValue.map { " / " + clock($0) } ?? ""
            return localized("track at", de: "Aufnahme bei") + " \(position)\(duration)"
        case "moved":
            let position = ClockText.format(seconds: Int(event["position"]?.numberValue ?? 0))
            return say(.eventMoved, ["time": position])
        case "handover":
            return event["action"]?.stringValue == "pause"
                ? localized("held for another session", de: "angehalten für eine andere Sitzung")
                : localized("resumed after another session", de: "fortgesetzt nach einer anderen Sitzung")
        case "output-lost": return localized("the sound output is gone", de: "die Audioausgabe ist weg")
        case "output-back": return localized("the sound output is back", de: "die Audioausgabe ist wieder da")
        case "schedule-fired": return localized("schedule", de: "Zeitplan") + " \(scheduleID(event)): " + fired
        case "schedule-skipped":
            let why = event["message"]?.stringValue ?? ""
            return localized("schedule", de: "Zeitplan") + " \(scheduleID(event)): "
                + localized("skipped", de: "ausgelassen") + (why.isEmpty ? "" : " (\(why))")
        case "schedule-added", "schedule-changed":
            let line = event["schedule"].map(ScheduleText.line) ?? ""
            return
                (name == "schedule-added"
                ? localized("added", de: "hinzugefügt")
                : localized("changed", de: "geändert")) + ": " + line
        case "schedule-removed":
            return localized("schedule removed", de: "Zeitplan entfernt") + ": \(event["id"]?.intValue ?? 0)"
        case "history-changed":
            return localized("the history changed", de: "das Protokoll hat sich geändert")
        case "schedules-changed":
            return localized(
                "the schedules changed on another device", de: "die Zeitpläne wurden auf einem anderen Gerät geändert")
        case "presets-changed":
            return localized("the presets changed", de: "die Vorlagen haben sich geändert")
        case "stopping": return localized("the service is stopping", de: "der Dienst hält an")
        case "reminder": return reminder(event)
        default: return name
        }
    }

    /// "Time to sit · 20 min, pink noise": the sitter's own words in place of the first.
    static func reminder(_ reminder: JSONValue?) -> String {
        let said = reminder?["text"]?.stringValue ?? say(.reminderSummary)
        let described = description(of: reminder)
        return described.isEmpty ? said : said + " · " + described
    }

    private static var fired: String { localized("its time came", de: "seine Zeit ist da") }

    private static func scheduleID(_ event: JSONValue) -> Int { event["schedule"]?.intValue ?? 0 }

    private static func bell(_ event: JSONValue) -> String {
        switch event["bell"]?.stringValue {
        case "start"?: return localized("start gong", de: "Startgong")
        case "completion"?: return localized("completion gong", de: "Schlussgong")
        case "interval"?:
            let number = event["number"]?.intValue.map { " \($0)" } ?? ""
            return localized("bell", de: "Glocke") + number
        case "transition"?:
            return event["to"]?.stringValue == "walk"
                ? localized("walking begins", de: "Gehen beginnt") : localized("sitting again", de: "wieder Sitzen")
        default: return localized("a bell alone", de: "eine Glocke allein")
        }
    }

    /// A phase's name as the status line says it (the service's `idle` too).
    static func phase(_ name: String) -> String {
        if let phase = SessionPhase(rawValue: name) { return StatusLine.name(of: phase) }
        return name == "idle" ? localized("idle", de: "nichts läuft") : name
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
