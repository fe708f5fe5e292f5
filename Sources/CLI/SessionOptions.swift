import ArgumentParser
import Session
import Settings

/// The options that shape a timed sit, shared by every command that plays or renders one.
struct SessionOptions: ParsableArguments {
    @Option(
        help: .localized(
            "Length of the sit after the countdown, in minutes (decimals allowed; default \(SettingKeys.minutes.defaultValue)); `open`: no set end, the time counts up, and q or `ctl stop` ends it with the completion gong.",
            de:
                "Dauer des Sitzens nach dem Vorlauf, in Minuten (Dezimalzahlen erlaubt; Standard \(SettingKeys.minutes.defaultValue)); `open`: kein festes Ende, die Zeit zählt aufwärts, und q oder `ctl stop` beendet es mit dem Schlussgong.",
            valueName: "minutes"))
    var minutes: MinutesArgument?

    @Option(
        help: .localized(
            "Seconds of silence before the start gong (default \(SettingKeys.countdown.defaultValue)).",
            de: "Sekunden Stille vor dem Startgong (Standard \(SettingKeys.countdown.defaultValue)).",
            valueName: "seconds"))
    var countdown: ExactDecimal?

    @Option(
        help: .localized(
            "Sitting and walking in turn, e.g. \"sit 25, walk 10, sit 25\" (sets the length): a gong at each change, two strikes to walk, one to sit again; bells and the bed while sitting (and walking: --walk-sounds).",
            de:
                "Sitzen und Gehen im Wechsel, z. B. \"sit 25, walk 10, sit 25\" (bestimmt die Dauer): ein Gong bei jedem Wechsel, zwei Schläge zum Gehen, einer zum Sitzen; Glocken und Klangteppich beim Sitzen (und beim Gehen: --walk-sounds).",
            valueName: "list|none"),
        transform: ClearableOption<SegmentList>.explained)
    var segments: ClearableOption<SegmentList>?

    @OptionGroup var sound: SitSoundOptions

    /// The sit asked for, as a client would ask for it.
    var request: SitRequest {
        var request = SitRequest(
            minutes: minutes?.exact, countdown: countdown, segments: segments, sound: sound.request)
        request.open = minutes == .open
        return request
    }
}
