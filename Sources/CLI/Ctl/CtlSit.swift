import ArgumentParser
import Control

/// `meditate ctl sit …`: starts a sit on the service, with the options of `meditate sit`.
struct CtlSit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sit",
        abstract: localized(
            "Start a sit on the service (the options of `meditate sit`).",
            de: "Startet ein Sitzen im Dienst (die Optionen von `meditate sit`)."))

    @OptionGroup var request: SitRequest

    @Flag(
        name: .customLong("resume-other"),
        help: .localized(
            "When the sit ends, resume the guided track it paused.",
            de: "Setzt, wenn das Sitzen endet, die geführte Aufnahme fort, die es pausiert hat."))
    var resumeOther = false

    @OptionGroup var options: CtlOptions

    func run() throws {
        var params = request.params
        if resumeOther, case var .object(members) = params {
            members["resume"] = true
            params = .object(members)
        }
        try options.call("sit.start", params) { result in
            localized("started", de: "begonnen") + ": " + (result["session"]?["description"]?.stringValue ?? "")
        }
    }
}
