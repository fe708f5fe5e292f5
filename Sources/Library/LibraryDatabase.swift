import Foundation
import GRDB

/// The SQLite file of the library, with every schema version since the first applied in order.
///
/// Each imported track is written in a transaction of its own, so a process killed half-way
/// leaves whole entries only.
public final class LibraryDatabase: Sendable {
    let queue: DatabaseQueue
    public let path: String
    /// The history's files this device writes and every device's it reads; nil where none can
    /// be kept (no device id could be made), and the history is the database alone.
    public let journal: PracticeJournal?

    /// The library at `paths`, its history's files in `paths.history`.
    public convenience init(paths: LibraryPaths) throws(LibraryError) {
        try self.init(path: paths.database, journal: PracticeJournal(folder: paths.history, paths: paths))
    }

    /// The library for its tracks alone (a Tab's completion, a guided track found by name): the
    /// history's files are neither read nor written, so no merge of another device's sits is
    /// waited for.
    public convenience init(tracksOf paths: LibraryPaths) throws(LibraryError) {
        try self.init(path: paths.database, journal: nil)
    }

    /// The library whose database is `path`, its history's files beside it.
    public convenience init(path: String) throws(LibraryError) {
        let folder = (path as NSString).deletingLastPathComponent
        try self.init(path: path, journal: PracticeJournal(folder: folder, paths: LibraryPaths(folder: folder)))
    }

    /// The library whose database is `path`, keeping its history in `journal`. Opening it
    /// carries a history from before there were files into them, and reads what other devices
    /// wrote since.
    public init(path: String, journal: PracticeJournal?) throws(LibraryError) {
        self.path = path
        self.journal = journal
        do {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            var configuration = Configuration()
            // Another meditate importing at the same time waits its turn instead of failing.
            configuration.busyMode = .timeout(10)
            // Each commit reaches the disk before it returns, in the write-ahead log as in the
            // rollback journal (FULL, not the NORMAL GRDB's own WAL set-up picks): a power cut
            // loses nothing committed.
            configuration.prepareDatabase { database in
                try database.execute(sql: "PRAGMA synchronous = FULL")
            }
            // GRDB begins every write transaction IMMEDIATE: it takes the write lock first, so
            // what a write reads (is this file known yet?) still holds when it writes.
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try Self.migrate(queue, path: path)
        } catch let error as LibraryError {
            throw error
        } catch {
            throw .database(path: path, reason: Self.describe(error))
        }
        try carryIntoJournal()
        try mergeJournals()
        try carrySchedules()
        try mergeSchedules()
    }

    /// Brings the schema up to date. GRDB decides which migrations to run before it runs them,
    /// so two processes opening a new library at once would both create its tables; a lock on
    /// the database's folder (which leaves no file behind) lets one migrate while the others
    /// wait, then find it done.
    private static func migrate(_ queue: DatabaseQueue, path: String) throws {
        let lock = open((path as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard lock >= 0 else { throw LibraryError.database(path: path, reason: String(cString: strerror(errno))) }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw LibraryError.database(path: path, reason: String(cString: strerror(errno)))
            }
        }
        try Self.migrator.migrate(queue)
        // A write-ahead log, once per library, under the same lock: a commit appends to it and
        // syncs it once, where the rollback journal created, synced and deleted a file and
        // synced the folder and the database (four syncs; the service writes a running sit's
        // time every few seconds). Readers no longer wait for a writer either. Switching needs
        // the database to itself, and SQLite does not wait for another process that is writing
        // (it would deadlock): as every connection did when it opened, two imports at once
        // failed with "database is locked". Should another process be writing just now, the
        // library keeps its rollback journal until the next opening; it works either way.
        _ = try? queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = WAL") }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: tracks") { db in
            try db.create(table: "track") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("path", .text).notNull().unique()
                table.column("contentHash", .text).notNull().unique()
                table.column("fileSize", .integer).notNull()
                table.column("modifiedAt", .double).notNull()
                table.column("copied", .boolean).notNull().defaults(to: false)
                table.column("tagTitle", .text)
                table.column("tagArtist", .text)
                table.column("tagAlbum", .text)
                table.column("editedTitle", .text)
                table.column("editedTeacher", .text)
                table.column("sampleRate", .integer).notNull()
                table.column("channels", .integer).notNull()
                table.column("frames", .integer).notNull()
                table.column("loudness", .double)
                table.column("peak", .double).notNull()
                table.column("importedAt", .datetime).notNull()
            }
        }
        registerPracticeMigration(&migrator)
        migrator.registerMigration("v3: track import time in seconds since 1970") { db in
            // v1 stored GRDB's UTC text ("2026-11-22 07:15:00.123"); SQLite's julianday reads it.
            // A text it cannot read becomes 0 rather than NULL, which the NOT NULL column would
            // refuse, failing the migration and with it every later opening of the library.
            try db.execute(
                sql: """
                    UPDATE track SET importedAt = coalesce((julianday(importedAt) - 2440587.5) * 86400.0, 0)
                    WHERE typeof(importedAt) = 'text'
                    """)
        }
        registerRunningMigration(&migrator)
        registerScheduleMigration(&migrator)
        registerRemarkMigration(&migrator)
        registerCourseMigration(&migrator)
        registerJournalMigration(&migrator)
        registerSharedScheduleMigration(&migrator)
        registerLeanIndexMigration(&migrator)
        return migrator
    }

    /// A LibraryError the body throws (a history file that cannot be written) is said as it
    /// is, not as the database's.
    func read<T>(_ body: (Database) throws -> T) throws(LibraryError) -> T {
        do { return try queue.read(body) } catch let error as LibraryError { throw error } catch {
            throw .database(path: path, reason: Self.describe(error))
        }
    }

    func write<T>(_ body: (Database) throws -> T) throws(LibraryError) -> T {
        do { return try queue.write(body) } catch let error as LibraryError { throw error } catch {
            throw .database(path: path, reason: Self.describe(error))
        }
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return error.localizedDescription
    }
}
