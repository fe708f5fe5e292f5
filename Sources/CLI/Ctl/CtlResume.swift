import ArgumentParser
import Localization
import Settings

/// `meditate ctl resume`: Resume the paused session.
struct CtlResume: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume",
        abstract: localized("Resume the paused session.", de: "Setzt die pausierte Sitzung fort."))

    @OptionGroup var options: CtlOptions

    func run() throws {
        try options.call("resume") { _ in localized("resuming", de: "wird fortgesetzt") }
    }
}
