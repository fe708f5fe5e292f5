import Foundation
import GRDB

/// The practice history in the library's database.
extension LibraryDatabase {
    static func registerPracticeMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v2: practice history") { db in
            try db.create(table: "practice") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("startedAt", .double).notNull().indexed()
                table.column("kind", .text).notNull()
                table.column("note", .text).notNull()
                table.column("plannedSeconds", .integer).notNull()
                table.column("satSeconds", .integer).notNull()
                table.column("completed", .boolean).notNull()
                // The same sit imported twice is one sit.
                table.uniqueKey(["startedAt", "kind", "satSeconds"])
            }
        }
    }

    /// Adds a sit that has just ended. Every session ends here, so in plain SQL: the record's
    /// Codable encoding (`insert`) costs ten times the insert itself, in runtime type lookups
    /// that a short-lived process makes only once.
    /// - Returns: its row's id.
    @discardableResult
    public func record(_ session: PracticeSession) throws(LibraryError) -> Int64 {
        try write { db in
            if journal != nil {
                let uuid = UUID().uuidString.lowercased()
                try writeToJournal(session, uuid: uuid, strictly: true, db)
                return try Int64.fetchOne(db, sql: "SELECT id FROM practice WHERE uuid = ?", arguments: [uuid])
                    ?? db.lastInsertedRowID
            }
            try db.execute(
                sql: """
                    INSERT INTO practice (startedAt, kind, note, plannedSeconds, satSeconds, completed, running, remark, track)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    session.startedAt, session.kind.rawValue, session.note, session.plannedSeconds,
                    session.satSeconds, session.completed, session.running, session.remark, session.track
                ])
            return db.lastInsertedRowID
        }
    }

    /// Sits that started in [from, to) (seconds since 1970), oldest first; with `newest`, only
    /// the last that many, which SQLite picks (a history of a million sits is not read to show 20).
    public func practice(
        from: Double? = nil, to: Double? = nil, newest: Int? = nil
    ) throws(LibraryError) -> [PracticeSession] {
        try read { db in
            var request = PracticeSession.all()
            if let from { request = request.filter(Column("startedAt") >= from) }
            if let to { request = request.filter(Column("startedAt") < to) }
            guard let newest else { return try request.order(Column("startedAt"), Column("id")).fetchAll(db) }
            return try request.order(Column("startedAt").desc, Column("id").desc).limit(max(0, newest))
                .fetchAll(db).reversed()
        }
    }

    /// The sits that started in [from, to), oldest first, handed to `body` a few hundred at a
    /// time as SQLite reads them, until it returns false: an export or a feed of a million sits
    /// holds a batch, not the history. What `body` fails at (stdout gone) it keeps, to say as
    /// its own and not as the library's.
    public func eachPractice(
        from: Double? = nil, to: Double? = nil, _ body: ([PracticeSession]) -> Bool
    ) throws(LibraryError) {
        try read { db in
            var request = PracticeSession.all()
            if let from { request = request.filter(Column("startedAt") >= from) }
            if let to { request = request.filter(Column("startedAt") < to) }
            let cursor = try request.order(Column("startedAt"), Column("id")).fetchCursor(db)
            var batch: [PracticeSession] = []
            batch.reserveCapacity(Self.practiceBatch)
            while let session = try cursor.next() {
                batch.append(session)
                if batch.count == Self.practiceBatch {
                    guard body(batch) else { return }
                    batch.removeAll(keepingCapacity: true)
                }
            }
            if !batch.isEmpty { _ = body(batch) }
        }
    }

    /// The sits `eachPractice` hands on at once.
    static let practiceBatch = 500

    /// Whether any sit in [from, to) has a remark of its own, and any a track.
    public func practiceHasWords(
        from: Double? = nil, to: Double? = nil
    ) throws(LibraryError) -> (
        remark: Bool, track: Bool
    ) {
        try read { db in
            var request = PracticeSession.all()
            if let from { request = request.filter(Column("startedAt") >= from) }
            if let to { request = request.filter(Column("startedAt") < to) }
            let remark = try request.filter(Column("remark") != "").isEmpty(db) == false
            let track = try request.filter(Column("track") != "").isEmpty(db) == false
            return (remark, track)
        }
    }

    /// What `stats` needs of the sits in [from, to), summed by SQLite in quarter hours of UTC
    /// (every time zone's offset is a whole number of quarter hours, so each quarter hour lies
    /// in one local day, and so does each of a day that begins at a quarter hour): a few
    /// thousand rows a year, whatever the number of sits.
    public func practiceTotals(
        from: Double? = nil, to: Double? = nil, timeZone: TimeZone
    ) throws(LibraryError) -> PracticeTotals {
        try practiceTotals(from: from, to: to, days: PracticeDays(timeZone: timeZone))
    }

    /// The same, with days that begin as `days` say.
    public func practiceTotals(
        from: Double? = nil, to: Double? = nil, days: PracticeDays
    ) throws(LibraryError) -> PracticeTotals {
        let timeZone = days.timeZone
        return try read { db in
            // A sleep is not practice: it is kept in the history and counted in no total or streak.
            var conditions = ["kind != '\(PracticeSession.Kind.sleep.rawValue)'"]
            var arguments: [any DatabaseValueConvertible] = []
            if let from {
                conditions.append("startedAt >= ?")
                arguments.append(from)
            }
            if let to {
                conditions.append("startedAt < ?")
                arguments.append(to)
            }
            let filter = "WHERE " + conditions.joined(separator: " AND ")
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT CAST(floor(startedAt / 900) AS INTEGER) AS quarter, count(*) AS sits,
                           sum(satSeconds) AS seconds, max(satSeconds) AS longest
                    FROM practice \(filter) GROUP BY quarter ORDER BY quarter
                    """, arguments: StatementArguments(arguments))
            var totals = PracticeTotals()
            // The zone's offset holds from one daylight-saving transition to the next: asked for
            // once per stretch, not per row (a calendar per row costs more than the query).
            var offset = 0
            var offsetValid = 0.0..<0.0
            while let row = try rows.next() {
                let quarter: Int64 = row["quarter"]
                let start = Double(quarter) * 900
                if !offsetValid.contains(start) {
                    let date = Date(timeIntervalSince1970: start)
                    offset = timeZone.secondsFromGMT(for: date)
                    let next = timeZone.nextDaylightSavingTimeTransition(after: date)?.timeIntervalSince1970
                    offsetValid = start..<max(start + 1, next ?? .infinity)
                }
                let day = days.day(ofLocalSeconds: start + Double(offset))
                let seconds: Int = row["seconds"]
                let longest: Int = row["longest"]
                let sits: Int = row["sits"]
                totals.sessions += sits
                totals.totalSeconds += seconds
                totals.secondsByDay[day, default: 0] += seconds
                if longest >= PracticeStats.streakMinimumSeconds { totals.streakDays.insert(day) }
            }
            return totals
        }
    }

    /// Adds sits from elsewhere in one transaction, skipping those already here, and writes
    /// them to this device's file in one write.
    /// - Returns: how many were added.
    public func importPractice(_ sessions: [PracticeSession]) throws(LibraryError) -> Int {
        try write { db in
            var added = 0
            guard let journal else {
                for var session in sessions {
                    session.id = nil
                    try session.insert(db, onConflict: .ignore)
                    if db.changesCount > 0 { added += 1 }
                }
                return added
            }
            let changed = Date().timeIntervalSince1970
            var records: [PracticeRecord] = []
            for session in sessions {
                let uuid = try Self.uuid(derivedFrom: session, db)
                let record = PracticeRecord(
                    session, uuid: uuid, device: journal.device, host: journal.host, changed: changed)
                if try Self.apply(record, writer: journal.device, strictly: false, db) {
                    added += 1
                    records.append(record)
                }
            }
            try journal.append(records, at: changed)
            return added
        }
    }
}
