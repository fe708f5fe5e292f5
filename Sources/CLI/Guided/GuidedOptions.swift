import ArgumentParser
import Session
import Settings

/// How a guided track plays, and the silent sit that may follow it: shared by `play` and
/// `render --guided`.
struct GuidedOptions: ParsableArguments {
    /// Their heading in the help of commands that take `--guided TRACK`.
    static var titleWithGuided: String {
        localized("Guided track (with --guided)", de: "Geführte Aufnahme (mit --guided)")
    }

    @Option(
        name: .customLong("then"),
        help: .localized(
            "After the track, sit in silence for this many minutes: a gong opens the sit, bells and a completion gong follow as for the timer.",
            de:
                "Nach der Aufnahme so viele Minuten still sitzen: ein Gong eröffnet das Sitzen, Glocken und Schlussgong folgen wie beim Timer.",
            valueName: "minutes"))
    var thenMinutes: ExactDecimal?

    @Option(
        help: .localized(
            "Seconds between the track's last frame and the gong that opens the sit (default \(SettingKeys.gap.defaultValue)).",
            de:
                "Sekunden zwischen dem letzten Frame der Aufnahme und dem Gong, der das Sitzen eröffnet (Standard \(SettingKeys.gap.defaultValue)).",
            valueName: "seconds"))
    var gap: ExactDecimal?

    @Option(
        name: .customLong("target"), parsing: .unconditional,
        help: .localized(
            "Loudness the track is brought to, in LUFS (-40 to -6; default \(SettingKeys.target.defaultValue)).",
            de:
                "Lautheit, auf die die Aufnahme gebracht wird, in LUFS (-40 bis -6; Standard \(SettingKeys.target.defaultValue)).",
            valueName: "lufs"))
    var targetLoudness: ExactDecimal?

    @Flag(
        inversion: .prefixedNo,
        help: .localized(
            "Bring the track to the target loudness, or play it at its own level (default: normalise).",
            de:
                "Die Aufnahme auf die Ziel-Lautheit bringen oder in ihrem eigenen Pegel spielen (Standard: normalisieren)."
        ))
    var normalize: Bool?

    func validate() throws {
        if let targetLoudness { try SettingKeys.target.checkFlag(targetLoudness) }
        if let thenMinutes { try SettingKeys.then.checkFlag(thenMinutes) }
        if let gap {
            try SettingKeys.gap.checkFlag(gap)
            if thenMinutes == nil {
                throw ValidationError(
                    localized(
                        "--gap is the pause before the sit that --then adds; give --then too",
                        de: "--gap ist die Pause vor dem Sitzen, das --then anfügt; gib auch --then an"))
            }
        }
    }

    /// How the track plays, each option not given taken from the settings.
    func resolve(_ settings: Settings) -> GuidedPlayback {
        GuidedPlayback(
            then: settings.value(SettingKeys.then, flag: thenMinutes),
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
