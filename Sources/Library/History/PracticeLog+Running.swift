import GRDB

/// The record of a session that the service runs, written as it goes: a row when it starts
/// (`running`), its time sat written again while it runs, and the outcome when it ends. A
/// service killed meanwhile (kill -9, a power cut) leaves the row running; the next start
/// closes it as ended early, with the time sat last written.
extension LibraryDatabase {
    static func registerRunningMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v4: practice rows written while the session runs") { db in
            try db.alter(table: "practice") { table in
                table.add(column: "running", .boolean).notNull().defaults(to: false)
            }
        }
    }

    /// Adds the row of a session that has just started; returns its id.
    public func begin(_ session: PracticeSession) throws(LibraryError) -> Int64 {
        var running = session
        running.running = true
        return try record(running)
    }

    /// Writes the time sat so far of a running session, or, with `finished`, its outcome; with
    /// `plannedSeconds`, its length too (an open-ended sit's, known once it has ended). The
    /// time sat so far stays in the index; the outcome goes to this device's file as well.
    public func update(
        running id: Int64, satSeconds: Int, completed: Bool, finished: Bool, plannedSeconds: Int? = nil
    ) throws(LibraryError) {
        try write { db in
            try db.execute(
                sql: """
                    UPDATE practice SET satSeconds = ?, completed = ?, running = ?,
                    plannedSeconds = COALESCE(?, plannedSeconds) WHERE id = ?
                    """,
                arguments: [satSeconds, completed, !finished, plannedSeconds, id])
            guard finished, journal != nil, let session = try PracticeSession.fetchOne(db, key: id),
                let uuid = session.uuid
            else { return }
            try writeToJournal(session, uuid: uuid, db)
        }
    }

    /// Closes the rows of sessions that were running on this device when its service died, as
    /// ended early (another device's running sit is its own to close). Returns how many there were.
    public func closeInterrupted() throws(LibraryError) -> Int {
        try write { db in
            guard let journal else {
                try db.execute(sql: "UPDATE practice SET running = 0, completed = 0 WHERE running = 1")
                return db.changesCount
            }
            let open = try PracticeSession.filter(sql: "running = 1 AND device IN ('', ?)", arguments: [journal.device])
                .fetchAll(db)
            for var session in open {
                session.running = false
                session.completed = false
                if let uuid = session.uuid {
                    try writeToJournal(session, uuid: uuid, db)
                } else {
                    try session.update(db)
                }
            }
            return open.count
        }
    }
}
