import Clock
import Foundation
import Session

extension SitRequest {
    /// How long before the sit's first frame is heard its length is first fixed: time to make it
    /// ready (its gongs decoded, its bed opened), which the device spends in silence. Only a
    /// guess, to refuse a time too soon at once: once ready, the length is fixed again
    /// (`untilStartLeadSeconds`), so a slow machine rings as true as a quick one.
    package static let untilLeadSeconds = 2.0

    /// How long before the sit's first frame is heard its length is fixed again, once the sit is
    /// ready: time to place it on the engine and open the device (tens of milliseconds, even
    /// through PulseAudio on a busy machine).
    package static let untilStartLeadSeconds = 0.5

    /// The same sit with `until` made a length, as of `now` (seconds since 1970): the sit's first
    /// frame is to be heard at the instant returned (`lead` from now, by the wall clock), and its
    /// completion gong at `until`, today (in an hour the clock repeats, the later of the two
    /// when the earlier has passed). The length is a whole number of
    /// hundredths of a minute; the countdown takes what is left over (under 0.6 s more than asked).
    /// Nil when no `until` is asked for.
    package func fixingUntil(
        _ settings: Settings, now: Double, lead: Double = untilLeadSeconds, calendar: Calendar = .current
    ) throws(SessionPlanError) -> (request: SitRequest, startsAt: Double)? {
        guard let until = settings.value(SettingKeys.until, flag: until) else { return nil }
        // A length asked for this sit (a flag, the preset) is refused beside it; a sleep's own
        // minutes, and config.toml's, give way to it.
        let length = settings.resolve(SettingKeys.minutes, flag: nil).source
        let presetLength = if case .preset = length { true } else { false }
        if minutes != nil || open || presetLength || settings.resolve(SettingKeys.segments, flag: segments).value != nil
        {
            throw .untilWithLength
        }
        guard let end = Self.instant(of: until, after: now, calendar: calendar) else {
            throw .untilPassed(until.text)
        }
        let startsAt = now + lead
        let countdown = settings.value(SettingKeys.countdown, flag: countdown)
        let available = Int(((end - startsAt) * 1000).rounded(.down)) - countdown.rounded(times: 1000)
        // A sit of at least a second, in steps of 0.6 s (a hundredth of a minute: exact decimals).
        let steps = available / 600
        guard steps >= 2 else { throw .untilTooSoon(until.text, countdownSeconds: countdown) }
        var fixed = self
        fixed.until = nil
        fixed.minutes = ExactDecimal(numerator: steps, denominator: 100)
        fixed.countdown = ExactDecimal(
            numerator: countdown.rounded(times: 1000) + available - steps * 600, denominator: 1000)
        return (fixed, startsAt)
    }

    /// The instant `time` is on the clock later today than `now`, nil when it has passed. On the
    /// night the clocks go back, an hour is on the clock twice: Foundation gives the first, and
    /// when that has passed the second (one offset change later) is still to come.
    static func instant(of time: ClockTime, after now: Double, calendar: Calendar) -> Double? {
        let today = calendar.startOfDay(for: Date(timeIntervalSince1970: now))
        let hour = time.secondOfDay / 3600, minute = time.secondOfDay / 60 % 60, second = time.secondOfDay % 60
        guard let first = calendar.date(bySettingHour: hour, minute: minute, second: second, of: today) else {
            return nil
        }
        if first.timeIntervalSince1970 > now { return first.timeIntervalSince1970 }
        let zone = calendar.timeZone
        let ahead = zone.secondsFromGMT(for: first) - zone.secondsFromGMT(for: Date(timeIntervalSince1970: now))
        guard ahead > 0 else { return nil }
        let again = first.addingTimeInterval(Double(ahead))
        let shown = calendar.dateComponents([.hour, .minute, .second], from: again)
        guard again.timeIntervalSince1970 > now, calendar.isDate(again, inSameDayAs: first),
            shown.hour == hour, shown.minute == minute, shown.second == second
        else { return nil }
        return again.timeIntervalSince1970
    }
}
