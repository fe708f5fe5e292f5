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
    public func record(_ session: PracticeSession) throws(LibraryError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO practice (startedAt, kind, note, plannedSeconds, satSeconds, completed)
                VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [session.startedAt, session.kind.rawValue, session.note, session.plannedSeconds,
                                 session.satSeconds, session.completed])
        }
    }

    /// Sits that started in [from, to) (seconds since 1970), oldest first.
    public func practice(from: Double? = nil, to: Double? = nil) throws(LibraryError) -> [PracticeSession] {
        try read { db in
            var request = PracticeSession.order(Column("startedAt"), Column("id"))
            if let from { request = request.filter(Column("startedAt") >= from) }
            if let to { request = request.filter(Column("startedAt") < to) }
            return try request.fetchAll(db)
        }
    }

    /// Adds sits from elsewhere in one transaction, skipping those already here.
    /// - Returns: how many were added.
    public func importPractice(_ sessions: [PracticeSession]) throws(LibraryError) -> Int {
        try write { db in
            var added = 0
            for var session in sessions {
                session.id = nil
                try session.insert(db, onConflict: .ignore)
                if db.changesCount > 0 { added += 1 }
            }
            return added
        }
    }
}
