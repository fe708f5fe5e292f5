import ArgumentParser
import Localization
import Settings

/// `meditate ctl stop`: End the session playing (it fades out and is recorded).
struct CtlStop: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop",
        abstract: localized(
            "End the session playing (it fades out and is recorded).",
            de: "Beendet die laufende Sitzung (sie blendet aus und wird eingetragen)."))

    @OptionGroup var options: CtlOptions

    func run() throws {
        try options.call("stop") { _ in localized("stopping", de: "wird beendet") }
    }
}
