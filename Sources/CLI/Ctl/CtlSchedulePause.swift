import ArgumentParser
import Control
import Localization
import Settings

/// `meditate schedule pause ID`: nothing of it sounds for the rest of today.
struct CtlSchedulePause: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause",
        abstract: localized(
            "Pause a schedule for the rest of today (it sounds again from tomorrow).",
            de: "Setzt einen Plan für den Rest des Tages aus (ab morgen erklingt er wieder)."))

    @Argument(help: .localized("The schedule's id (see list).", de: "Die ID des Plans (siehe list).", valueName: "id"))
    var id: Int

    @OptionGroup var options: CtlOptions

    func run() throws {
        try SchedulePauseCall.perform(id: id, today: true, options: options)
    }
}
