import ArgumentParser
import Localization
import Settings

/// The options that `ctl remind` and `schedule add … remind` take: the reminder's words,
/// whether a bell sounds, and the sit it offers (the options of `meditate sit`).
struct RemindArguments: ParsableArguments {
    @Option(
        help: .localized(
            "The reminder's words, one line (default: Time to sit).",
            de: "Die Worte der Erinnerung, eine Zeile (Standard: Zeit zum Sitzen).", valueName: "text"))
    var text: String?

    @Flag(
        help: .localized(
            "Ring the bell of the settings with it (otherwise it is silent).",
            de: "Dazu die Glocke aus den Einstellungen läuten (sonst bleibt die Erinnerung still)."))
    var bell = false

    @OptionGroup var sit: SitArguments

    var request: RemindRequest { RemindRequest(text: text, bell: bell, sit: sit.request) }
}
