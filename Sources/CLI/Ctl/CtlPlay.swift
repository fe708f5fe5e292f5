import ArgumentParser
import Control

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

    @OptionGroup var request: PlayRequest

    @Flag(
        name: .customLong("resume-other"),
        help: .localized(
            "When the track ends, resume the sit it paused.",
            de: "Setzt, wenn die Aufnahme endet, das Sitzen fort, das sie pausiert hat."))
    var resumeOther = false

    @OptionGroup var options: CtlOptions

    func run() throws {
        var params = request.params
        if resumeOther, case var .object(members) = params {
            members["resume"] = true
            params = .object(members)
        }
        try options.call("play.start", params) { result in
            localized("playing", de: "spiele") + ": " + (result["session"]?["description"]?.stringValue ?? "")
        }
    }
}
