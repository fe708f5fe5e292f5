import ArgumentParser
import Control
import Localization
import Service
import Settings

/// `meditate schedule remove ID`.
struct CtlScheduleRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: localized("Remove a schedule by its id.", de: "Entfernt einen Plan nach seiner ID."))

    @Argument(help: .localized("The schedule's id (see list).", de: "Die ID des Plans (siehe list).", valueName: "id"))
    var id: Int

    @OptionGroup var options: CtlOptions

    func run() throws {
        let params: JSONValue = ["id": .number(id)]
        let (result, _) = try ScheduleCall.perform("schedule.remove", params, options: options) { database in
            ["removed": .number(try ScheduleMethods.remove(database, ScheduleIDParams(id: id)))]
        }
        print(options.json ? result.line : localized("removed schedule \(id)", de: "Plan \(id) entfernt"))
    }
}
