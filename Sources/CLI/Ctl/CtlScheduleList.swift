import ArgumentParser
import Control
import Localization
import Service
import Settings

/// `meditate schedule list`: every schedule, with when it sounds next.
struct CtlScheduleList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: localized("List the schedules.", de: "Zeigt die Pläne."))

    @OptionGroup var options: CtlOptions

    func run() throws {
        let (result, byService) = try ScheduleCall.perform("schedule.list", [:], options: options) { database in
            try ScheduleMethods.list(database, next: ScheduleMethods.nextFromNow)
        }
        if options.json { return print(result.line) }
        guard case let .array(schedules)? = result["schedules"], !schedules.isEmpty else {
            return print(localized("no schedules", de: "keine Pläne"))
        }
        for schedule in schedules { print(ScheduleText.line(schedule)) }
        ScheduleCall.tellWhenNoServiceRuns(byService: byService, options: options, added: false)
    }
}
