import Control
import Foundation
import Library
import Localization
import Settings

/// `schedule.list`, `.add`, `.remove`, `.pause` and `.resume` on the library's database: what the
/// service answers, and what `meditate schedule` does itself when no service runs (the
/// service reads the schedules when it starts).
package enum ScheduleMethods {
    /// Every schedule whose id is past `after`, in the order of their ids.
    package static func list(
        _ database: LibraryDatabase, after: Int = 0, next: (ScheduleEntry) -> Date?
    ) throws -> JSONValue {
        [
            "schedules": .array(
                try database.schedules().filter { ($0.id ?? 0) > Int64(after) }.map {
                    ScheduleRequest.json($0, next: next($0), here: database.device)
                })
        ]
    }

    package static func add(_ database: LibraryDatabase, _ params: ScheduleParams) throws -> ScheduleEntry {
        // A track is looked up in the library of this database.
        let library = LibraryPaths(folder: (database.path as NSString).deletingLastPathComponent)
        let entry = try ScheduleRequest.entry(from: params, library: library)
        return try database.add(entry)
    }

    /// The other schedules of the same service that sound at a moment `entry` does ("clashes" of
    /// `schedule.add`'s answer): each's id and the first such time.
    package static func clashes(_ database: LibraryDatabase, of entry: ScheduleEntry) throws -> [JSONValue] {
        try database.schedules().compactMap { other in
            guard other.id != entry.id, other.service == entry.service, let id = other.id,
                let second = entry.sharedSecond(with: other)
            else {
                return nil
            }
            return ["schedule": .number(Double(id)), "at": .string(ScheduleEntry.text(ofSecond: second))]
        }
    }

    /// `schedule.add`'s answer: the schedule as it is listed, and those it clashes with, if any.
    package static func added(
        _ database: LibraryDatabase, _ entry: ScheduleEntry, next: Date?
    ) throws -> JSONValue {
        var answer: [String: JSONValue] = ["schedule": ScheduleRequest.json(entry, next: next, here: database.device)]
        let clashes = try Self.clashes(database, of: entry)
        if !clashes.isEmpty { answer["clashes"] = .array(clashes) }
        return .object(answer)
    }

    package static func remove(_ database: LibraryDatabase, _ params: ScheduleIDParams) throws -> Int {
        let id = params.id
        guard try database.removeSchedule(id: Int64(id)) else { throw noSchedule(id) }
        return id
    }

    /// Pauses a schedule for the rest of today, by the local clock (`today`), or ends its pause;
    /// returns it as it is now.
    package static func pause(
        _ database: LibraryDatabase, _ params: ScheduleIDParams, today: Bool, now: Date = Date()
    ) throws
        -> ScheduleEntry
    {
        let id = params.id
        let calendar = Calendar.current
        let until = today ? calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: now)) : nil
        guard try database.pauseSchedule(id: Int64(id), until: until),
            let changed = try database.schedules().first(where: { $0.id == Int64(id) })
        else { throw noSchedule(id) }
        return changed
    }

    private static func noSchedule(_ id: Int) -> RPCError {
        .refused(localized("no schedule \(id)", de: "kein Plan \(id)"))
    }

    /// The next instant of `entry` from now, by the local clock.
    package static func nextFromNow(_ entry: ScheduleEntry) -> Date? {
        entry.next(after: Date(), calendar: .current)
    }
}
