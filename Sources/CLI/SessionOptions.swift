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

    /// The sit asked for, as a client would ask for it.
    var request: SitRequest { SitRequest(minutes: minutes, countdown: countdown, sound: sound.request) }
}
