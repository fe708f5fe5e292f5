import Clock
import Foundation
import Session

extension SitRequest {
    /// How long before the sit's first frame is heard its length is fixed: time to make it ready
    /// (its gongs decoded, its bed opened, the device opened), which the device spends in silence.
    package static let untilLeadSeconds = 2.0

    /// The same sit with `until` made a length, as of `now` (seconds since 1970): the sit's first
    /// frame is to be heard at the instant returned (`untilLeadSeconds` from now, by the wall
    /// clock), and its completion gong at `until`, today. The length is a whole number of
    /// hundredths of a minute; the countdown takes what is left over (under 0.6 s more than asked).
    /// Nil when no `until` is asked for.
    package func fixingUntil(
        _ settings: Settings, now: Double, calendar: Calendar = .current
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
        let today = calendar.startOfDay(for: Date(timeIntervalSince1970: now))
        let hour = until.secondOfDay / 3600, minute = until.secondOfDay / 60 % 60, second = until.secondOfDay % 60
        guard
            let end = calendar.date(bySettingHour: hour, minute: minute, second: second, of: today)?
                .timeIntervalSince1970, end > now
        else { throw .untilPassed(until.text) }
        let startsAt = now + Self.untilLeadSeconds
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
}
