import ArgumentParser
import Control
import Localization
import Settings

/// `meditate schedule resume ID`: a schedule paused for today sounds again.
struct CtlScheduleResume: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume",
        abstract: localized(
            "End a schedule's pause: it sounds again today.",
            de: "Beendet die Pause eines Plans: er erklingt heute wieder."))

    @Argument(help: .localized("The schedule's id (see list).", de: "Die ID des Plans (siehe list).", valueName: "id"))
    var id: Int

    @OptionGroup var options: CtlOptions

    func run() throws {
        try SchedulePauseCall.perform(id: id, today: false, options: options)
    }
}
