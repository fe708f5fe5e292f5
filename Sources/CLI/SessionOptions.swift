import ArgumentParser
import Session
import Settings

/// The options that shape a timed sit, shared by every command that plays or renders one.
struct SessionOptions: ParsableArguments {
    @Option(
        help: .localized(
            "Length of the sit after the countdown, in minutes (decimals allowed; default \(SettingKeys.minutes.defaultValue)).",
            de:
                "Dauer des Sitzens nach dem Vorlauf, in Minuten (Dezimalzahlen erlaubt; Standard \(SettingKeys.minutes.defaultValue)).",
            valueName: "minutes"))
    var minutes: ExactDecimal?

    @Option(
        help: .localized(
            "Seconds of silence before the start gong (default \(SettingKeys.countdown.defaultValue)).",
            de: "Sekunden Stille vor dem Startgong (Standard \(SettingKeys.countdown.defaultValue)).",
            valueName: "seconds"))
    var countdown: ExactDecimal?

    @OptionGroup var sound: SitSoundOptions

    /// The configuration these options describe, each one not given taken from the settings
    /// (validated when a plan is made of it).
    func configuration(_ settings: Settings) -> SessionConfiguration {
        configuration(settings, sound: sound.resolve(settings))
    }

    /// The same, with the sounds already resolved.
    func configuration(_ settings: Settings, sound: SitSound) -> SessionConfiguration {
        var c = SessionConfiguration()
        c.minutes = settings.value(SettingKeys.minutes, flag: minutes)
        c.countdownSeconds = settings.value(SettingKeys.countdown, flag: countdown)
        sound.apply(to: &c)
        return c
    }

    /// The options given, as setting texts, for a preset.
    var givenValues: [String: String] {
        var values = sound.givenValues
        values[SettingKeys.minutes.name] = minutes?.settingText
        values[SettingKeys.countdown.name] = countdown?.settingText
        return values
    }
}
