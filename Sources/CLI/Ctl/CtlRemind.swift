import ArgumentParser
import Control
import Localization
import Settings

/// `meditate ctl remind …`: a reminder to sit now, as a scheduled one is told: a desktop
/// notification with "Sit now", the page's card, MQTT's event.
struct CtlRemind: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: localized(
            "Remind to sit now: a notification with \"Sit now\", on the page and over MQTT (the options of `meditate sit` for the sit it offers).",
            de:
                "Erinnert jetzt ans Sitzen: eine Benachrichtigung mit „Jetzt sitzen“, auf der Seite und über MQTT (die Optionen von `meditate sit` für das angebotene Sitzen)."
        ))

    @OptionGroup var arguments: RemindArguments

    @OptionGroup var options: CtlOptions

    func run() throws {
        try options.call("remind", JSONValue(encoding: arguments.request)) { result in
            localized("reminded", de: "erinnert") + ": " + CtlText.reminder(result["reminder"])
        }
    }
}
