import ArgumentParser
import Localization
import Settings

/// `meditate ctl pause`: Pause the session playing.
struct CtlPause: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause",
        abstract: localized("Pause the session playing.", de: "Pausiert die laufende Sitzung."))

    @OptionGroup var options: CtlOptions

    func run() throws {
        try options.call("pause") { _ in localized("pausing", de: "pausiert") }
    }
}
