import ArgumentParser
import Control
import Localization
import Settings

/// `meditate ctl status`: what the service is playing.
struct CtlStatus: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: localized("What the service is doing now.", de: "Was der Dienst gerade tut."))

    @OptionGroup var options: CtlOptions

    func run() throws {
        try options.call("status") { CtlText.status($0) }
    }
}
