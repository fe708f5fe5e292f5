import Foundation
import GRDB
import SyncFolder

/// The schedules: a file each in the shared folder, where every device sees and may change
/// them (`ScheduleRecord` on a `SyncedShelf`), indexed in the library's database; each is run
/// by the service it names alone.
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

    static func registerSharedScheduleMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v11: schedules kept in the shared folder") { db in
            // The schedule's name among devices (its file's), and the device whose service runs it.
            try db.alter(table: "schedule") { table in
                table.add(column: "uuid", .text)
                table.add(column: "service", .text)
                table.add(column: "service_host", .text)
            }
            try db.create(index: "schedule_uuid", on: "schedule", columns: ["uuid"], unique: true)
        }
    }

    /// The schedules' files, every device's: where there is a shared folder (a device id).
    var scheduleShelf: SyncedShelf<ScheduleRecord>? {
        journal.map { ScheduleRecord.shelf(in: $0.folder) }
    }

    /// This device's id, when it has one: the schedules naming it are its service's to run.
    public var device: String? { journal?.device }

    /// Pauses a schedule until `until` (nil: no longer paused); false when there is none of that id.
    public func pauseSchedule(id: Int64, until: Date?) throws(LibraryError) -> Bool {
        guard var entry = try schedule(id: id) else { return false }
        entry.pausedUntil = until
        guard let shelf = scheduleShelf, let journal, let uuid = entry.uuid else {
            return try write { db in
                try db.execute(
                    sql: "UPDATE schedule SET paused_until = ? WHERE id = ?",
                    arguments: [until?.timeIntervalSince1970, id])
                return db.changesCount > 0
            }
        }
        try keep(entry, uuid: uuid, on: shelf, as: journal)
        return true
    }

    /// Adds a schedule (its file first, where there is a shared folder); returns it with its id.
    public func add(_ entry: ScheduleEntry) throws(LibraryError) -> ScheduleEntry {
        guard let shelf = scheduleShelf, let journal else {
            var added = entry
            added.id = try write { db in
                try Self.insert(entry, into: db)
                return db.lastInsertedRowID
            }
            return added
        }
        let uuid = UUID().uuidString.lowercased()
        try keep(entry, uuid: uuid, on: shelf, as: journal)
        guard let added = try schedule(uuid: uuid) else {
            throw .database(path: path, reason: "schedule \(uuid) was written but not read back")
        }
        return added
    }

    /// Removes a schedule (on every device); false when there is none of that id.
    public func removeSchedule(id: Int64) throws(LibraryError) -> Bool {
        guard let entry = try schedule(id: id) else { return false }
        guard let shelf = scheduleShelf, let journal, let uuid = entry.uuid else {
            return try write { db in
                try db.execute(sql: "DELETE FROM schedule WHERE id = ?", arguments: [id])
                return db.changesCount > 0
            }
        }
        try keep(nil, uuid: uuid, on: shelf, as: journal)
        return true
    }

    /// Writes this device's version of a schedule (nil: its removal), run by the service it
    /// names (this device's when it names none), and takes it into the index.
    private func keep(
        _ entry: ScheduleEntry?, uuid: String, on shelf: SyncedShelf<ScheduleRecord>, as journal: PracticeJournal
    ) throws(LibraryError) {
        let record = entry.map {
            ScheduleRecord($0, service: $0.service ?? journal.device, serviceHost: $0.serviceHost ?? journal.host)
        }
        do {
            try shelf.write(key: uuid, value: record, device: journal.device, host: journal.host)
        } catch {
            throw .shared(error)
        }
        try mergeSchedules()
    }

    /// Every schedule, oldest first, on every device's service. A row this version cannot read
    /// (an action it does not know, times out of range) is left out rather than failing them all.
    public func schedules() throws(LibraryError) -> [ScheduleEntry] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM schedule ORDER BY id").compactMap(Self.entry)
        }
    }

    /// The schedules this device's service runs.
    public func schedulesRunHere() throws(LibraryError) -> [ScheduleEntry] {
        try schedules().filter { $0.runs(on: device) }
    }

    private func schedule(id: Int64) throws(LibraryError) -> ScheduleEntry? {
        try read { db in try Row.fetchOne(db, sql: "SELECT * FROM schedule WHERE id = ?", arguments: [id]) }
            .flatMap(Self.entry)
    }

    private func schedule(uuid: String) throws(LibraryError) -> ScheduleEntry? {
        try read { db in try Row.fetchOne(db, sql: "SELECT * FROM schedule WHERE uuid = ?", arguments: [uuid]) }
            .flatMap(Self.entry)
    }

    /// Brings the index up to the schedules' files: each UUID's latest version, added, changed or
    /// taken out (a removal, a file gone, one this version cannot run). Returns whether anything
    /// changed.
    @discardableResult
    public func mergeSchedules() throws(LibraryError) -> Bool {
        guard let shelf = scheduleShelf else { return false }
        let wanted = Self.wanted(on: shelf)
        let device = device
        // Looked at first without the write lock: most merges (each command's opening, each
        // look of the service's watcher) find nothing to do. What changed is checked there once
        // (`ScheduleAcceptance`); one refused is left out, as a file gone is.
        let looked = try read { db in try Self.scheduleChanges(wanted, db) }
        guard !looked.isEmpty else { return false }
        let refused = Set(
            looked.compactMap { change in
                change.new.flatMap { ScheduleAcceptance.accepts($0, here: device) ? nil : $0.uuid }
            })
        let seen = Dictionary(wanted.map { ($0.uuid, $0.entry) }) { _, last in last }
        return try write { db in
            // The files read again under the write lock: the look may be older than what another
            // merge has taken in since (the watcher's beside a `schedule.add`'s), and would take
            // that out again, its number lost. What arrived since the look is checked here.
            let accepted = Self.wanted(on: shelf).filter { uuid, entry in
                guard !refused.contains(uuid) else { return false }
                return seen[uuid] == entry || ScheduleAcceptance.accepts(entry, here: device)
            }
            let changes = try Self.scheduleChanges(accepted, db)
            for (old, new) in changes {
                if let old { try db.execute(sql: "DELETE FROM schedule WHERE id = ?", arguments: [old]) }
                if let new { try Self.insert(new, into: db) }
            }
            return !changes.isEmpty
        }
    }

    /// Each UUID's schedule as `shelf`'s files say, when this version can run it, oldest change
    /// first: a schedule new to the index gets its number in the order they were made.
    private static func wanted(on shelf: SyncedShelf<ScheduleRecord>) -> [(uuid: String, entry: ScheduleEntry)] {
        shelf.read().values.sorted { $0.changed < $1.changed }.compactMap { version in
            version.value?.entry(uuid: version.key).map { (version.key, $0) }
        }
    }

    /// What the index must do to hold `wanted` (each UUID's schedule as its files say, this
    /// version able to run it): the row to take out (its id), and the schedule to put in (with
    /// the old row's id when it replaces one), oldest change first.
    private static func scheduleChanges(
        _ wanted: [(uuid: String, entry: ScheduleEntry)], _ db: Database
    ) throws -> [(old: Int64?, new: ScheduleEntry?)] {
        var changes: [(old: Int64?, new: ScheduleEntry?)] = []
        let uuids = Set(wanted.map(\.uuid))
        var indexed: [String: ScheduleEntry] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT * FROM schedule WHERE uuid IS NOT NULL ORDER BY id") {
            guard let uuid: String = row["uuid"], let id: Int64 = row["id"] else { continue }
            // A row this version cannot read, or one no file names any longer.
            guard let entry = Self.entry(row), uuids.contains(uuid) else {
                changes.append((id, nil))
                continue
            }
            indexed[uuid] = entry
        }
        for (uuid, entry) in wanted {
            var new = entry
            guard let known = indexed[uuid] else {
                changes.append((nil, new))
                continue
            }
            new.id = known.id
            if new != known { changes.append((known.id, new)) }
        }
        return changes
    }

    /// Gives each schedule kept before there was a shared folder a UUID and a file of this
    /// device's, its service the one that runs it; one whose file cannot be written stays as it
    /// was, and is carried at a later opening.
    func carrySchedules() throws(LibraryError) {
        guard let shelf = scheduleShelf, let journal else { return }
        let waiting = try read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM schedule WHERE uuid IS NULL)")
        }
        guard waiting == true else { return }
        // Under the write lock from the look to the last file: a service opens the library on
        // two threads at its start, and two carryings would give one schedule two files.
        try write { db in
            let old = try Row.fetchAll(db, sql: "SELECT * FROM schedule WHERE uuid IS NULL ORDER BY id")
                .compactMap(Self.entry)
            for entry in old {
                guard let id = entry.id else { continue }
                let uuid = UUID().uuidString.lowercased()
                let record = ScheduleRecord(entry, service: journal.device, serviceHost: journal.host)
                guard (try? shelf.write(key: uuid, value: record, device: journal.device, host: journal.host)) != nil
                else { return }
                // Its number stays: a client that knew it still finds it.
                try db.execute(
                    sql: "UPDATE schedule SET uuid = ?, service = ?, service_host = ? WHERE id = ?",
                    arguments: [uuid, journal.device, journal.host, id])
            }
        }
    }

    private static func insert(_ entry: ScheduleEntry, into db: Database) throws {
        let (at, every, until, longest) = entry.storedTimes
        try db.execute(
            sql: """
                INSERT INTO schedule (id, action, options, at, every, until, days, over, random_longest, paused_until,
                uuid, service, service_host) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                entry.id, entry.action.rawValue, entry.options, at, every, until, entry.days.rawValue, entry.over,
                longest, entry.pausedUntil?.timeIntervalSince1970, entry.uuid, entry.service, entry.serviceHost
            ])
    }

    private static func entry(_ row: Row) -> ScheduleEntry? {
        guard let action = ScheduleEntry.Action(rawValue: row["action"] ?? ""), let at: Int = row["at"],
            let bits: Int = row["days"],
            let times = ScheduleEntry.times(
                at: at, every: row["every"], until: row["until"], longest: row["random_longest"])
        else { return nil }
        let days = Weekdays(rawValue: bits)
        guard days.rawValue != 0 else { return nil }
        // A pause that is not a finite instant is no pause.
        let paused: Double? = row["paused_until"]
        return ScheduleEntry(
            id: row["id"], action: action, options: row["options"] ?? "{}", times: times, days: days,
            over: row["over"] ?? false,
            pausedUntil: paused.flatMap { $0.isFinite ? Date(timeIntervalSince1970: $0) : nil }, uuid: row["uuid"],
            service: row["service"], serviceHost: row["service_host"])
    }
}
