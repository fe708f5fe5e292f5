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
        var (result, byService) = try ScheduleCall.perform("schedule.list", [:], options: options) { database in
            try ScheduleMethods.list(database, next: ScheduleMethods.nextFromNow)
        }
        // A service answers a page at a time (5,000 schedules are more than one message holds):
        // the pages are asked for one after another and shown as one list.
        var schedules = result["schedules"]?.arrayValue ?? []
        var pages = 1
        while let next = result["next"], byService, pages < Self.mostPages {
            result = try ScheduleCall.perform("schedule.list", ["after": next], options: options) { _ in [:] }.result
            schedules += result["schedules"]?.arrayValue ?? []
            pages += 1
        }
        if options.json { return print(JSONValue.object(["schedules": .array(schedules)]).line) }
        guard !schedules.isEmpty else {
            return print(localized("no schedules", de: "keine Pläne"))
        }
        // By the time of day they sound (06:30 above 07:00); --json keeps the service's order.
        func when(_ schedule: JSONValue) -> String {
            schedule["at"]?.stringValue ?? schedule["from"]?.stringValue ?? ""
        }
        let byTime = schedules.enumerated().sorted { (when($0.element), $0.offset) < (when($1.element), $1.offset) }
        for (_, schedule) in byTime { print(ScheduleText.line(schedule)) }
        ScheduleCall.tellWhenNoServiceRuns(byService: byService, options: options, added: false)
    }

    /// The most pages asked for: a service that always says more follow is not asked for ever.
    static let mostPages = 1000
}
