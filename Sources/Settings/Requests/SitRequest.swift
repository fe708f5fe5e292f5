import Clock
import Localization
import Session

/// A timed sit as a client or the command line asks for it: `meditate sit --minutes 20
/// --interval 5` and `sit.start {"minutes": 20, "interval": 5}` are the same value. Decoded
/// from params with the command line's parsers (`RequestMembers`); what is not given comes from
/// the preset and the settings when a configuration is made of it, and the plan checks every
/// value against its range, so both are refused with the same line.
package struct SitRequest: Sendable, Equatable {
    package var minutes: ExactDecimal?
    /// No set end (`--minutes open`, `"minutes": "open"`): it ends, with its completion gong,
    /// when asked.
    package var open = false
    package var countdown: ExactDecimal?
    /// Sitting and walking in turn; their sum is the length.
    package var segments: ClearableOption<SegmentList>?
    package var sound: SitSoundRequest
    /// A saved preset the values given override.
    package var preset: String?
    /// A sound to fall asleep to (`meditate sleep`): config.toml's `[sleep]` and the sleep's
    /// defaults in the preset's place, recorded as a sleep, counted in no streak.
    package var sleep = false
    /// What the machine does once the sit has run to its end (`--after suspend`).
    package var after: AfterSit?
    /// The time of day its completion gong sounds (`--until 07:00`): its length follows from the
    /// clock when it is made ready (`fixingUntil`).
    package var until: ClockTime?
    /// The sitter's own note of it (`--note`), kept with it in the history.
    package var remark: String?
    /// The longest note, in characters: a paragraph, not a diary's file (`--note`, a CSV's
    /// `remark`, `history.add`).
    package static let longestRemark = 2000

    package init(
        minutes: ExactDecimal? = nil, countdown: ExactDecimal? = nil, segments: ClearableOption<SegmentList>? = nil,
        sound: SitSoundRequest = SitSoundRequest(), preset: String? = nil
    ) {
        self.minutes = minutes
        self.countdown = countdown
        self.segments = segments
        self.sound = sound
        self.preset = preset
    }

    package enum Option {
        package static let minutes = SettingKeys.minutes.requestOption
        package static let countdown = SettingKeys.countdown.requestOption
        package static let segments = SettingKeys.segments.requestOption
        package static let preset = RequestOption("preset", valueName: "name")
        package static let sleep = RequestOption("sleep", valueName: "true|false")
        package static let after = SettingKeys.after.requestOption
        package static let until = SettingKeys.until.requestOption
        package static let note = RequestOption("note", valueName: "text")
    }

    /// The settings of this sit: config.toml, `MEDITATE_*`, and the preset if one is named.
    package func settings() throws(SettingsError) -> Settings {
        var settings = try Settings.load()
        if let preset { try settings.use(preset: preset) }
        if sleep { settings.useSleep() }
        return settings
    }

    /// The configuration asked for, each value not given taken from the settings (validated when
    /// a plan is made of it).
    package func configuration(_ settings: Settings) -> SessionConfiguration {
        configuration(settings, sound: sound.resolve(settings))
    }

    /// The same, with the sounds already resolved.
    package func configuration(_ settings: Settings, sound: SitSound) -> SessionConfiguration {
        var c = SessionConfiguration()
        let length = settings.resolve(SettingKeys.minutes, flag: open ? .open : minutes.map { .exact($0) })
        switch length.value {
        case let .exact(minutes): c.minutes = minutes
        case .open:
            // A day at most: the plan's bells run that far, and the end comes when asked.
            c.openEnded = true
            c.minutes = SessionConfiguration.maxMinutes
        }
        if let segments = settings.resolve(SettingKeys.segments, flag: segments).value {
            c.segments = segments.segments
            // The segments set the length, over a standing one (an open one too); a length asked
            // for beside them must agree (the plan says when it does not).
            if !length.source.isChosenForThisSession, let sum = segments.minutes {
                c.minutes = sum
                c.openEnded = false
            }
        }
        c.countdownSeconds = settings.value(SettingKeys.countdown, flag: countdown)
        sound.apply(to: &c)
        return c
    }

    /// The values given, as setting texts, for a preset (its own name is not one of them).
    package var givenValues: [String: String] {
        var values = sound.givenValues
        values[SettingKeys.minutes.name] = open ? MinutesArgument.openText : minutes?.settingText
        values[SettingKeys.countdown.name] = countdown?.settingText
        values[SettingKeys.segments.name] = segments?.settingText
        values[SettingKeys.after.name] = after?.settingText
        values[SettingKeys.until.name] = until?.settingText
        return values
    }
}

extension SitRequest: MemberRequest, Encodable {
    package static var options: [RequestOption] {
        [
            Option.minutes, Option.until, Option.countdown, Option.segments, Option.preset, Option.sleep, Option.after,
            Option.note
        ]
            + SitSoundRequest.options
    }

    package init(_ members: RequestMembers) throws {
        let length: MinutesArgument? = try members.value(Option.minutes)
        minutes = length?.exact
        open = length == .open
        countdown = try members.value(Option.countdown)
        segments = try members.value(Option.segments)
        preset = try members.value(Option.preset)
        sleep = try members.flag(Option.sleep) ?? false
        after = try members.value(Option.after)
        until = try members.value(Option.until)
        remark = try members.value(Option.note)
        // A note is a paragraph, as the command line's `--note`.
        if let remark, let refusal = Self.remarkRefusal(remark, name: "--note") { throw RequestRefusal(refusal) }
        sound = try SitSoundRequest(members)
    }

    package func encode(to encoder: any Encoder) throws {
        var encoding = RequestEncoding(encoder)
        try encode(&encoding)
    }

    /// Its members into `encoding`, beside those of a request that carries a sit (a reminder's).
    func encode(_ encoding: inout RequestEncoding) throws {
        try encoding.text(Option.minutes, open ? MinutesArgument.openText : minutes?.settingText)
        try encoding.value(Option.countdown, countdown)
        try encoding.text(Option.segments, segments?.settingText)
        try encoding.text(Option.preset, preset)
        if sleep { try encoding.flag(Option.sleep, true) }
        try encoding.value(Option.after, after)
        try encoding.value(Option.until, until)
        try encoding.text(Option.note, remark)
        try sound.encode(&encoding)
    }
}
