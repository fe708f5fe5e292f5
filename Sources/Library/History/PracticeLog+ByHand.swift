import Foundation
import GRDB

/// The history by hand: a sit done without the machine added, a wrong row set right or taken
/// away, and a sit's remark (what arose), which the sitter writes and meditate never does.
extension LibraryDatabase {
    static func registerRemarkMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v8: a sit's remark, and sits added by hand") { db in
            try db.alter(table: "practice") { table in
                table.add(column: "remark", .text).notNull().defaults(to: "")
            }
        }
    }

    /// The sit numbered `id`, or nil.
    public func practice(id: Int64) throws(LibraryError) -> PracticeSession? {
        try read { db in try PracticeSession.fetchOne(db, key: id) }
    }

    /// The number of the sit whose UUID is `uuid`, if the history holds it.
    public func practiceID(uuid: String) throws(LibraryError) -> Int64? {
        try read { db in try Int64.fetchOne(db, sql: "SELECT id FROM practice WHERE uuid = ?", arguments: [uuid]) }
    }

    /// Adds a sit by hand and returns it with its id; nil when the history holds that very sit
    /// already (the same start, kind and time sat).
    public func add(_ session: PracticeSession) throws(LibraryError) -> PracticeSession? {
        try write { db -> PracticeSession? in
            var added = session
            added.id = nil
            guard journal != nil else {
                try added.insert(db, onConflict: .ignore)
                return db.changesCount > 0 ? added : nil
            }
            let uuid = UUID().uuidString.lowercased()
            guard try writeToJournal(added, uuid: uuid, db) else { return nil }
            return try PracticeSession.filter(Column("uuid") == uuid).fetchOne(db)
        }
    }

    /// Sets what is given of the sit numbered `id` and returns it as it is now; nil when there
    /// is no such sit. A time sat longer than the sit was planned makes the plan that long, and
    /// its description says so: `describe` gives the description of a plan changed from one
    /// length to another (seconds), as the words of lengths are the caller's.
    public func edit(
        id: Int64, startedAt: Double? = nil, satSeconds: Int? = nil, remark: String? = nil,
        describe: (_ note: String, _ from: Int, _ to: Int) -> String = { note, _, _ in note }
    ) throws(LibraryError) -> PracticeSession? {
        try write { db in
            guard var session = try PracticeSession.fetchOne(db, key: id) else { return nil }
            if let startedAt { session.startedAt = startedAt }
            if let satSeconds {
                session.satSeconds = satSeconds
                let planned = session.plannedSeconds
                session.plannedSeconds = max(planned, satSeconds)
                if session.plannedSeconds != planned {
                    session.note = describe(session.note, planned, session.plannedSeconds)
                }
            }
            if let remark { session.remark = remark }
            // Another sit of the same start, kind and time sat: said as such, not as SQLite's words.
            if let other = try Int64.fetchOne(
                db, sql: "SELECT id FROM practice WHERE startedAt = ? AND kind = ? AND satSeconds = ? AND id != ?",
                arguments: [session.startedAt, session.kind.rawValue, session.satSeconds, id])
            {
                throw LibraryError.sameSit(as: other)
            }
            if journal != nil, let uuid = session.uuid {
                try writeToJournal(session, uuid: uuid, strictly: true, db)
                return try PracticeSession.fetchOne(db, key: id) ?? session
            }
            try session.update(db)
            return session
        }
    }

    /// Takes the sit numbered `id` out of the history and returns it; nil when there is none.
    public func remove(id: Int64) throws(LibraryError) -> PracticeSession? {
        try write { db in
            guard let session = try PracticeSession.fetchOne(db, key: id) else { return nil }
            if journal != nil, let uuid = session.uuid {
                try journalRemoval(of: uuid, db)
            } else {
                try session.delete(db)
            }
            return session
        }
    }
}
