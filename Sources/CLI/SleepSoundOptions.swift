import ArgumentParser
import Clock
import Localization
import Session
import Settings

/// What a sleep sounds like, and when it ends: its bed alone, falling silent at its end (at a
/// time of day with `--until`), and what the machine does then. A sleep rings no gong
/// and no bell, so it takes none of the sit's options for them (`--interval` is refused, not
/// taken and rung in a mode that promises none), and its help says a sleep's own defaults.
struct SleepSoundOptions: ParsableArguments {
    private typealias K = SettingKeys

    @Option(
        help: .localized(
            "The bed: white, pink, brown, ocean (default brown, or [sleep]'s noise in config.toml).",
            de: "Der Klangteppich: white, pink, brown, ocean (Standard brown, oder noise in [sleep] in config.toml).",
            valueName: "white|pink|brown|ocean"))
    var noise: NoiseArgument?
    @Option(help: .setting(K.noiseVolume)) var noiseVolume: Float?
    @Option(help: .setting(K.ambience)) var ambience: ClearableOption<String>?
    @Option(help: .setting(K.ambienceCrossfade)) var ambienceCrossfade: Float?
    @Option(
        help: .localized(
            "Seconds over which the bed falls silent at the end, 1-3600 (default \(SleepDefaults.values[K.fadeOut.name] ?? ""), or [sleep]'s fade-out).",
            de:
                "Sekunden, über die der Klangteppich am Ende verklingt, 1-3600 (Standard \(SleepDefaults.values[K.fadeOut.name] ?? ""), oder fade-out in [sleep]).",
            valueName: "seconds"))
    var fadeOut: ClearableOption<ExactDecimal>?
    @Option(help: .setting(K.sampleRate)) var sampleRate: Int?
    @Option(
        help: .localized(
            "Seed of the noise: the same seed gives the same noise, bit for bit (default: random).",
            de: "Startwert des Rauschens: derselbe Wert ergibt dasselbe Rauschen, Bit für Bit (Standard: zufällig).",
            valueName: "seed"))
    var seed: ClearableOption<UInt64>?
    @Option(
        help: .localized(
            "Fall silent at this time of day, e.g. 23:30 or 23:30:30 (later today): the length follows from the clock (instead of MINUTES).",
            de:
                "Zu dieser Uhrzeit verklingen, z. B. 23:30 oder 23:30:30 (später heute): die Länge folgt aus der Uhr (statt MINUTEN).",
            valueName: "hh:mm[:ss]"))
    var until: ClockTime?
    @Option(
        help: .localized(
            "Once it has fallen silent: stop (default, or [sleep]'s after), or suspend the machine through logind, as its inhibitors allow. Never after a sleep that was stopped.",
            de:
                "Wenn er verklungen ist: stop (Standard, oder after in [sleep]), oder den Rechner über logind in den Ruhezustand versetzen, soweit dessen Sperren es erlauben. Nie nach einem abgebrochenen Einschlafen.",
            valueName: "stop|suspend"))
    var after: AfterSit?

    /// The sounds asked for, as a client would ask for them.
    var request: SitSoundRequest {
        var request = SitSoundRequest()
        request[K.noise] = noise
        request[K.noiseVolume] = noiseVolume
        request[K.ambience] = ambience
        request[K.ambienceCrossfade] = ambienceCrossfade
        request[K.fadeOut] = fadeOut
        request[K.sampleRate] = sampleRate
        request[K.seed] = seed
        return request
    }

    /// `request` with its end at a time of day and what follows it.
    func apply(to request: inout SitRequest) {
        request.until = until
        request.after = after
    }
}
