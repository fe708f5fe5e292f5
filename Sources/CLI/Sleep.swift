import ArgumentParser
import Localization
import Practice
import Session
import Settings

/// `meditate sleep [MINUTES]`: a sound to fall asleep to. The bed alone (no gong, no countdown),
/// falling to silence over its last minutes; with `--after suspend`, the machine sleeps too.
struct Sleep: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sleep",
        abstract: localized(
            "A sound to fall asleep to: the bed alone, falling silent at its end.",
            de: "Ein Klang zum Einschlafen: nur der Klangteppich, der an seinem Ende verklingt."),
        discussion: localized(
            """
            No gong rings and no countdown runs; the bed (brown noise unless one is named) falls to silence along an equal-power curve over the last --fade-out seconds (300 unless set). config.toml's [sleep] table sets what a sleep takes over the other settings, e.g. ambience = "rain.ogg", fade-out = 600, after = "suspend". A sleep is kept in the history as its own kind and counts in no total or streak.

            Examples:
            """,
            de: """
                Kein Gong läutet und kein Vorlauf läuft; der Klangteppich (braunes Rauschen, wenn keiner genannt ist) verklingt über die letzten --fade-out Sekunden (300, wenn nicht gesetzt) entlang einer Kurve gleicher Leistung. Die Tabelle [sleep] in config.toml legt fest, was ein Einschlafen über die übrigen Einstellungen hinaus nimmt, z. B. ambience = "rain.ogg", fade-out = 600, after = "suspend". Ein Einschlafen steht im Protokoll als eigene Art und zählt in keiner Summe und keiner Serie.

                Beispiele:
                """) + """

                  meditate sleep 45 --ambience rain.ogg --after suspend
                  meditate sleep 30 --noise pink --fade-out 600
                """
    )

    @Argument(
        help: .localized(
            "Minutes until silence (default: [sleep]'s minutes, else \(SleepDefaults.minutes)).",
            de: "Minuten bis zur Stille (Standard: minutes in [sleep], sonst \(SleepDefaults.minutes)).",
            valueName: "minutes"))
    var minutes: ExactDecimal?

    @OptionGroup var sound: SleepSoundOptions
    @OptionGroup(title: OutputOptions.title) var output: OutputOptions
    @OptionGroup var reporting: LiveReportingOptions

    @Flag(
        help: .localized(
            "Play in this process even when a service (`meditate serve`) runs.",
            de: "Spielt in diesem Prozess, auch wenn ein Dienst (`meditate serve`) läuft."))
    var standalone = false

    func run() throws {
        var request = SitRequest(minutes: minutes, sound: sound.request)
        request.sleep = true
        sound.apply(to: &request)
        let settings = try request.settings()
        try LiveSit.play(request, settings: settings, output: output, reporting: reporting, standalone: standalone)
    }
}
