import Control
import Foundation
import Library

/// `schedule.list`, `schedule.add` and `schedule.remove` on the library's database: what the
/// service answers, and what `meditate schedule` does itself when no service runs (the
/// service reads the schedules when it starts).
enum ScheduleMethods {
    static func list(_ database: LibraryDatabase, next: (ScheduleEntry) -> Date?) throws -> JSONValue {
        ["schedules": .array(try database.schedules().map { ScheduleRequest.json($0, next: next($0)) })]
    }

    static func add(_ database: LibraryDatabase, _ params: JSONValue) throws -> ScheduleEntry {
        let entry = try ScheduleRequest.entry(from: params)
        return try database.add(entry)
    }

    static func remove(_ database: LibraryDatabase, _ params: JSONValue) throws -> Int {
        guard let id = params["id"]?.intValue, id > 0 else {
            throw RPCError.invalidParams(
                localized("schedule.remove needs the schedule's id", de: "schedule.remove braucht die ID des Plans"))
        }
        guard try database.removeSchedule(id: Int64(id)) else {
            throw RPCError.refused(localized("no schedule \(id)", de: "kein Plan \(id)"))
        }
        return id
    }

    /// The next instant of `entry` from now, by the local clock.
    static func nextFromNow(_ entry: ScheduleEntry) -> Date? {
        entry.next(after: Date(), calendar: .current)
    }
}
