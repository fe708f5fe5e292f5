import ArgumentParser
import Control
import Foundation
import Localization
import Settings

/// `meditate ctl play TRACK …`: plays a guided track on the service, with the options of
/// `meditate play`; a sit playing is held while it plays.
struct CtlPlay: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: localized(
            "Play a guided track on the service (the options of `meditate play`); a sit playing is paused meanwhile.",
            de:
                "Spielt eine geführte Aufnahme im Dienst (die Optionen von `meditate play`); ein laufendes Sitzen pausiert so lange."
        ))

    @OptionGroup var arguments: PlayArguments

    @OptionGroup var resume: ResumeOtherOption

    @OptionGroup var options: CtlOptions

    func run() throws {
        let params = try resume.adding(to: JSONValue(encoding: arguments.request))
        try options.call("play.start", params) { result in
            localized("playing", de: "spiele") + ": " + CtlText.description(of: result["session"])
        }
    }
}
