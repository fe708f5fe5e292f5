/// A length of time in words, one way everywhere (the CLI, the service's descriptions, the page
/// and MQTT's text): `1 h 47 min`, `47 min`, `2 min 30 s`, `30 s`. The time left on a running
/// clock stays `12:34` (`ClockText`); a total or a length is read, not watched, and `1:47` beside
/// `1:11:33` made a person work out which was which. The units are the same in German.
package enum DurationText {
    /// Whole seconds; from an hour on, to the minute (seconds there are noise).
    package static func words(seconds: Int) -> String {
        let s = max(0, seconds)
        if s >= 3600 {
            let minutes = s / 60 % 60
            return minutes == 0 ? "\(s / 3600) h" : "\(s / 3600) h \(minutes) min"
        }
        if s >= 60 {
            return s % 60 == 0 ? "\(s / 60) min" : "\(s / 60) min \(s % 60) s"
        }
        return "\(s) s"
    }

    /// A length given in minutes (`--minutes 7.5`, `--interval 0.25`), to the nearest second.
    package static func words(minutes: Double) -> String {
        guard minutes.isFinite, minutes > 0 else { return words(seconds: 0) }
        return words(seconds: Int(min(minutes * 60, 1e9).rounded()))
    }

    /// A sit's description whose length is now `to` seconds where it said `from`: the length it
    /// begins with ("40 min" or "40 min, pink noise") said anew; any other description as it was.
    package static func relengthened(_ note: String, from: Int, to: Int) -> String {
        let old = words(seconds: from)
        guard note == old || note.hasPrefix(old + ",") else { return note }
        return words(seconds: to) + note.dropFirst(old.count)
    }
}
