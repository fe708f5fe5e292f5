import Control
import Foundation
import Service

/// What `schedule pause` and `schedule resume` share: the call (on the service, or on the
/// database when none runs) and the line that tells the outcome.
enum SchedulePauseCall {
    static func perform(id: Int, today: Bool, options: CtlOptions) throws {
        let params: JSONValue = ["id": .number(id)]
        let (result, _) = try ScheduleCall.perform(
            today ? "schedule.pause" : "schedule.resume", params, options: options
        ) {
            database in
            let changed = try ScheduleMethods.pause(database, ScheduleIDParams(id: id), today: today)
            return [
                "schedule": ScheduleRequest.json(
                    changed, next: ScheduleMethods.nextFromNow(changed), here: database.device)
            ]
        }
        if options.json {
            print(result.line)
        } else {
            print(result["schedule"].map(ScheduleText.line) ?? "")
        }
    }
}
