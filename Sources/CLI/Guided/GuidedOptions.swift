import ArgumentParser
import Session

/// How a guided track plays, and the silent sit that may follow it: shared by `play` and
/// `render --guided`.
struct GuidedOptions: ParsableArguments {
    @Option(name: .customLong("then"), help: ArgumentHelp(
        "After the track, sit in silence for this many minutes: a gong opens the sit, bells and a completion gong follow as for the timer.",
        valueName: "minutes"))
    var thenMinutes: ExactDecimal?

    @Option(help: ArgumentHelp(
        "Seconds between the track's last frame and the gong that opens the sit (default \(SettingKeys.gap.defaultValue)).",
        valueName: "seconds"))
    var gap: ExactDecimal?

    @Option(name: .customLong("target"), parsing: .unconditional, help: ArgumentHelp(
        "Loudness the track is brought to, in LUFS (-40 to -6; default \(SettingKeys.target.defaultValue)).",
        valueName: "lufs"))
    var targetLoudness: ExactDecimal?

    @Flag(inversion: .prefixedNo, help: "Bring the track to the target loudness, or play it at its own level (default: normalise).")
    var normalize: Bool?

    func validate() throws {
        if let targetLoudness { try SettingKeys.target.checkFlag(targetLoudness) }
        if let thenMinutes { try SettingKeys.then.checkFlag(thenMinutes) }
        if let gap {
            try SettingKeys.gap.checkFlag(gap)
            if thenMinutes == nil {
                throw ValidationError("--gap is the pause before the sit that --then adds; give --then too")
            }
        }
    }

    /// How the track plays, each option not given taken from the settings.
    func resolve(_ settings: Settings) -> GuidedPlayback {
        GuidedPlayback(then: settings.value(SettingKeys.then, flag: thenMinutes),
                       gap: settings.value(SettingKeys.gap, flag: gap),
                       target: settings.value(SettingKeys.target, flag: targetLoudness).doubleValue,
                       normalize: settings.value(SettingKeys.normalize, flag: normalize))
    }

    /// The options given, as setting texts, for a preset.
    var givenValues: [String: String] {
        var values: [String: String] = [:]
        values[SettingKeys.then.name] = thenMinutes?.settingText
        values[SettingKeys.gap.name] = gap?.settingText
        values[SettingKeys.target.name] = targetLoudness?.settingText
        values[SettingKeys.normalize.name] = normalize?.settingText
        return values
    }
}

/// How a guided track plays, with every setting resolved.
struct GuidedPlayback {
    /// Minutes of the silent sit after the track, if there is one.
    let then: ExactDecimal?
    let gap: ExactDecimal
    let target: Double
    let normalize: Bool

    /// The sit after the track, if `then` asks for one.
    func sitPlan(sound: SitSound) throws -> SessionPlan? {
        guard let then else {
            if sound.shapesASit {
                throw ValidationError("--interval, --bells and --noise shape the sit after the track; add --then MINUTES")
            }
            return nil
        }
        var c = SessionConfiguration()
        c.minutes = then
        c.countdownSeconds = gap
        sound.apply(to: &c)
        return try SessionPlan(c)
    }

    /// The gain for a track of this loudness and peak.
    func normalization(of track: GuidedTrack) -> LoudnessNormalization {
        normalize ? LoudnessNormalization(loudness: track.loudness, peak: track.peak, target: target) : .unity
    }
}
