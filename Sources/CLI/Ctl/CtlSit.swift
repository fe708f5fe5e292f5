import ArgumentParser
import Control
import Localization
import Settings

/// `meditate ctl sit …`: starts a sit on the service, with the options of `meditate sit`.
struct CtlSit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sit",
        abstract: localized(
            "Start a sit on the service (the options of `meditate sit`).",
            de: "Startet ein Sitzen im Dienst (die Optionen von `meditate sit`)."))

    @OptionGroup var arguments: SitArguments

    @OptionGroup var resume: ResumeOtherOption

    @OptionGroup var options: CtlOptions

    func run() throws {
        // A service on this machine: a file named that is not here is said as `meditate sit` says it.
        if try options.remoteHost() == nil { try arguments.request.sound.checkedHere() }
        let params = try resume.adding(to: JSONValue(encoding: arguments.request))
        try options.call("sit.start", params) { result in
            localized("started", de: "begonnen") + ": " + CtlText.description(of: result["session"])
        }
    }
}
