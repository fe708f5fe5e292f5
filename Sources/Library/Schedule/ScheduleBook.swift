import Foundation
import GRDB

/// The schedules, in the library's database, so that they outlive the service.
extension LibraryDatabase {
    static func registerScheduleMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v5: schedules") { db in
            try db.create(table: "schedule") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("action", .text).notNull()
                table.column("options", .text).notNull()
                // Seconds after midnight; `every` (minutes) set for a series from `at` to `until`.
                table.column("at", .integer).notNull()
                table.column("every", .integer)
                table.column("until", .integer)
                table.column("days", .integer).notNull()
                table.column("over", .boolean).notNull()
            }
        }
        migrator.registerMigration("v6: a schedule paused for the rest of a day") { db in
            // Seconds since 1970; null when not paused.
            try db.alter(table: "schedule") { table in table.add(column: "paused_until", .double) }
        }
        migrator.registerMigration("v7: schedules at random moments") { db in
            // Set for a random schedule: `every` is then the shortest gap, this the longest.
            try db.alter(table: "schedule") { table in table.add(column: "random_longest", .integer) }
        }
    }

    /// Pauses a schedule until `until` (nil: no longer paused); false when there is none of that id.
    public func pauseSchedule(id: Int64, until: Date?) throws(LibraryError) -> Bool {
        try write { db in
            try db.execute(
                sql: "UPDATE schedule SET paused_until = ? WHERE id = ?",
                arguments: [until?.timeIntervalSince1970, id])
            return db.changesCount > 0
        }
    }

    /// Adds a schedule; returns it with its id.
    public func add(_ entry: ScheduleEntry) throws(LibraryError) -> ScheduleEntry {
        var (at, every, until, longest): (Int, Int?, Int?, Int?)
        switch entry.times {
        case let .at(second): (at, every, until, longest) = (second, nil, nil, nil)
        case let .every(minutes, from, to): (at, every, until, longest) = (from, minutes, to, nil)
        case let .random(shortest, most, from, to): (at, every, until, longest) = (from, shortest, to, most)
        }
        var added = entry
        added.id = try write { db in
            try db.execute(
                sql:
                    "INSERT INTO schedule (action, options, at, every, until, days, over, random_longest) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                arguments: [
                    entry.action.rawValue, entry.options, at, every, until, entry.days.rawValue, entry.over, longest
                ])
            return db.lastInsertedRowID
        }
        return added
    }

    /// Removes a schedule; false when there is none of that id.
    public func removeSchedule(id: Int64) throws(LibraryError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM schedule WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    /// Every schedule, oldest first. A row this version cannot read (an action it does not
    /// know, times out of range) is left out rather than failing them all.
    public func schedules() throws(LibraryError) -> [ScheduleEntry] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM schedule ORDER BY id").compactMap(Self.entry)
        }
    }

    private static func entry(_ row: Row) -> ScheduleEntry? {
        guard let action = ScheduleEntry.Action(rawValue: row["action"] ?? ""), let at: Int = row["at"],
            (0..<ScheduleEntry.secondsPerDay).contains(at), let bits: Int = row["days"]
        else { return nil }
        let days = Weekdays(rawValue: bits)
        guard days.rawValue != 0 else { return nil }
        var times = ScheduleEntry.Times.at(at)
        if let every: Int = row["every"] {
            guard (1...ScheduleEntry.maxEveryMinutes).contains(every), let until: Int = row["until"],
                (at..<ScheduleEntry.secondsPerDay).contains(until)
            else { return nil }
            times = .every(minutes: every, from: at, to: until)
            if let longest: Int = row["random_longest"] {
                guard (every...ScheduleEntry.maxEveryMinutes).contains(longest) else { return nil }
                times = .random(shortest: every, longest: longest, from: at, to: until)
            }
        }
        // A pause that is not a finite instant is no pause.
        let paused: Double? = row["paused_until"]
        return ScheduleEntry(
            id: row["id"], action: action, options: row["options"] ?? "{}", times: times, days: days,
            over: row["over"] ?? false,
            pausedUntil: paused.flatMap { $0.isFinite ? Date(timeIntervalSince1970: $0) : nil })
    }
}
