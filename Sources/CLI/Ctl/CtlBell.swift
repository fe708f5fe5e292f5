import ArgumentParser
import Control
import Localization
import Settings

/// `meditate ctl bell`: rings a bell on the service at once, over whatever plays.
struct CtlBell: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bell",
        abstract: localized(
            "Ring a bell on the service now (over a sit or a track, if one plays).",
            de: "Läutet jetzt eine Glocke im Dienst (auch über ein Sitzen oder eine Aufnahme)."))

    @OptionGroup var arguments: BellArguments

    @OptionGroup var options: CtlOptions

    func run() throws {
        try options.call("bell.ring", JSONValue(encoding: arguments.request)) { result in
            localized("ringing", de: "läutet") + ": " + (result["ring"]?["description"]?.stringValue ?? "")
        }
    }
}
