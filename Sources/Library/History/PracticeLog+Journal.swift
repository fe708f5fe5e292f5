import Foundation
import GRDB
import Localization

/// The practice table as an index of every device's history files (`PracticeJournal`): each
/// sit's row carries its UUID and the time and writer of the line it was last set from; a
/// line is taken only when it is newer than what the index holds, so reading a file twice, or
/// in any order beside the others, gives the same history. A deleted sit's UUID stays in
/// `practiceRemoved`, so an older line of it arriving late does not bring it back.
extension LibraryDatabase {
    static func registerLeanIndexMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v12: one index on a sit's start") { db in
            // UNIQUE (startedAt, kind, satSeconds) is an index that begins with the start: the
            // second one cost every row of a first merge a third index to keep, and served nothing.
            try db.execute(sql: "DROP INDEX IF EXISTS practice_on_startedAt")
        }
    }

    static func registerJournalMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v10: the history as an index of every device's files") { db in
            try db.alter(table: "practice") { table in
                table.add(column: "uuid", .text)
                table.add(column: "device", .text).notNull().defaults(to: "")
                table.add(column: "host", .text).notNull().defaults(to: "")
                table.add(column: "changedAt", .double).notNull().defaults(to: 0)
                table.add(column: "changedBy", .text).notNull().defaults(to: "")
            }
            try db.create(index: "practice_uuid", on: "practice", columns: ["uuid"], unique: true)
            try db.create(table: "practiceRemoved") { table in
                table.column("uuid", .text).primaryKey()
                table.column("changedAt", .double).notNull()
                table.column("changedBy", .text).notNull()
            }
            // How far each history file has been read: only what was added since is read again.
            try db.create(table: "historyFile") { table in
                table.column("path", .text).primaryKey()
                table.column("offset", .integer).notNull()
                table.column("size", .integer).notNull()
                table.column("modifiedAt", .double).notNull()
            }
        }
    }

    /// Builds the history's index anew from the files as they are now (`meditate history
    /// reindex`): what a file no longer says (a removal of a file since deleted) is forgotten,
    /// and every sit gets its number again, in the order the files give them.
    /// - Returns: how many sits the history holds.
    public func reindexHistory() throws(LibraryError) -> Int {
        guard journal != nil else { return try practiceCount() }
        try write { db in
            try db.execute(sql: "DELETE FROM practice")
            try db.execute(sql: "DELETE FROM practiceRemoved")
            try db.execute(sql: "DELETE FROM historyFile")
        }
        try mergeJournals()
        return try practiceCount()
    }

    private func practiceCount() throws(LibraryError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM practice") ?? 0 }
    }

    /// Reads what every device's files hold that the index does not yet: a file whose size and
    /// time are unchanged is not opened, so this costs a look at each file when nothing is new.
    /// A last line without its line end (a writer killed, a sync in flight) waits until it is
    /// whole; a line that is no record is passed over; what lies beyond `JournalLimits` is
    /// skipped with a line (`MergeNotices`), once.
    ///
    /// Memory is bounded whatever the files hold: files are read in pieces, a few ahead of the
    /// one writer, and committed every `JournalLimits.recordsPerCommit` records with how far
    /// each file was read, so a merge killed part-way keeps what it did.
    /// - Returns: how many lines changed the history.
    @discardableResult
    public func mergeJournals() throws(LibraryError) -> Int {
        guard let journal else { return 0 }
        let stamps = journal.files().compactMap { file -> JournalStamp? in
            var info = stat()
            // The file itself, never where a link points (`PracticeJournal.files` lists none).
            guard lstat(journal.root + "/" + file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            let time = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            return JournalStamp(file: file, size: Int64(info.st_size), modifiedAt: time)
        }
        let known = try read { db in
            try Dictionary(
                Row.fetchAll(db, sql: "SELECT path, offset, size, modifiedAt FROM historyFile").map { row in
                    (row["path"] as String, (row["offset"] as Int64, row["size"] as Int64, row["modifiedAt"] as Double))
                }, uniquingKeysWith: { first, _ in first })
        }
        let changed = stamps.filter { stamp in
            guard let seen = known[journal.root + "/" + stamp.file] else { return true }
            return seen.1 != stamp.size || seen.2 != stamp.modifiedAt
        }
        guard !changed.isEmpty else { return 0 }
        // What is skipped is marked read as it is, so it is said once and not read again
        // until it changes.
        let changedFiles = Set(changed.map(\.file))
        var skipped: [JournalStamp] = []
        var readFiles: [JournalStamp] = []
        var pieces: [JournalPiece] = []
        var filesOfDevice: [Substring: Int] = [:]
        for stamp in stamps {
            filesOfDevice[stamp.file.prefix(32), default: 0] += 1
        }
        var countedOfDevice: [Substring: Int] = [:]
        var tooMany: Set<Substring> = []
        for stamp in stamps {
            let device = stamp.file.prefix(32)
            countedOfDevice[device, default: 0] += 1
            guard changedFiles.contains(stamp.file) else { continue }
            if countedOfDevice[device, default: 0] > JournalLimits.filesPerDevice {
                if tooMany.insert(device).inserted {
                    MergeNotices.tell(
                        localized(
                            "skipped history files of device \(device): it has \(filesOfDevice[device, default: 0]), and \(JournalLimits.filesPerDevice) are read",
                            de:
                                "Protokolldateien des Geräts \(device) übersprungen: es hat \(filesOfDevice[device, default: 0]), gelesen werden \(JournalLimits.filesPerDevice)"
                        ))
                }
                skipped.append(stamp)
                continue
            }
            if stamp.size > JournalLimits.fileBytes {
                MergeNotices.tell(
                    localized(
                        "skipped \(journal.root)/\(stamp.file): \(stamp.size) bytes, more than a history file may hold (\(JournalLimits.fileBytes))",
                        de:
                            "\(journal.root)/\(stamp.file) übersprungen: \(stamp.size) Bytes, mehr, als eine Protokolldatei fassen darf (\(JournalLimits.fileBytes))"
                    ))
                skipped.append(stamp)
                continue
            }
            // A file that shrank was replaced (restored, or rewritten by a sync): read whole again.
            let offset = known[journal.root + "/" + stamp.file].map { $0.0 > stamp.size ? 0 : $0.0 } ?? 0
            let file = readFiles.count
            let cut = JournalPiece.pieces(file: file, from: offset, size: stamp.size)
            // A file with nothing new to read still has its time marked.
            pieces +=
                cut.isEmpty
                ? [JournalPiece(file: file, start: offset, end: offset, size: stamp.size, resumesAt: offset)] : cut
            readFiles.append(stamp)
        }
        return try apply(pieces, of: readFiles, skipping: skipped, in: journal)
    }

    /// Applies `pieces` of `files` as they are read, committing now and then, and marks the
    /// `skipped` files read as they are.
    private func apply(
        _ pieces: [JournalPiece], of files: [JournalStamp], skipping skipped: [JournalStamp],
        in journal: PracticeJournal
    ) throws(LibraryError) -> Int {
        // Read and decoded on every core while the transaction applies what is ready, in order
        // (decoding is half a first merge's time, applying the other half); the readers give way
        // to the writer, which would otherwise wait for a core as often as for a file, and run
        // only a few pieces ahead of it. Another process merging meanwhile costs nothing: a line
        // the index holds already changes nothing.
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let readers = InOrderWorkers(count: pieces.count, threads: cores, yielding: true, ahead: cores + 2) {
            index in
            let piece = pieces[index]
            let descriptor = journal.open(files[piece.file].file)
            defer { if let descriptor { close(descriptor) } }
            return piece.read(descriptor)
        }
        defer { readers.cancel() }
        // How far each file is read, and how many of its lines were too long.
        var reached = [Int64](repeating: 0, count: files.count)
        for piece in pieces.reversed() { reached[piece.file] = piece.resumesAt }
        var tooLong = [Int](repeating: 0, count: files.count)
        var taken = 0
        var next = 0
        var anyRemoved = true
        var wasEmpty = false
        var first = true
        repeat {
            taken += try write { db in
                // A first merge writes thousands of index pages: held in memory to the commit,
                // not spilled to the write-ahead log and written again (8 MiB while it lasts,
                // then SQLite's default again, which gives the pages back).
                try db.execute(sql: "PRAGMA cache_size = -8192")
                defer { try? db.execute(sql: "PRAGMA cache_size = -2000") }
                if first {
                    first = false
                    for stamp in skipped {
                        try db.execute(
                            sql:
                                "INSERT OR REPLACE INTO historyFile (path, offset, size, modifiedAt) VALUES (?, ?, ?, ?)",
                            arguments: [journal.root + "/" + stamp.file, stamp.size, stamp.size, stamp.modifiedAt])
                    }
                    anyRemoved = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM practiceRemoved)") ?? true
                    // A first merge (an empty index) need not look up a sit before adding it: a
                    // sit the index holds already (a later line of it in this merge) refuses the
                    // addition, and only then is it looked up.
                    wasEmpty =
                        try !anyRemoved
                        && Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM practice)") == true
                }
                var changes = 0
                var records = 0
                while next < pieces.count, records < JournalLimits.recordsPerCommit {
                    let piece = pieces[next]
                    next += 1
                    guard let lines = readers.take(next - 1) else { continue }
                    let stamp = files[piece.file]
                    let writer = String(stamp.file.prefix(32))
                    for record in lines.records {
                        anyRemoved = anyRemoved || record.isRemoval
                        if try Self.apply(
                            record, writer: writer, strictly: false, removalsKept: anyRemoved,
                            mayBeIndexed: !wasEmpty, db)
                        {
                            changes += 1
                        }
                    }
                    records += lines.records.count
                    if let end = lines.next { reached[piece.file] = end }
                    tooLong[piece.file] += lines.tooLong
                    let isLast = next == pieces.count || pieces[next].file != piece.file
                    if isLast, tooLong[piece.file] > 0 {
                        MergeNotices.tell(
                            localized(
                                "skipped lines of \(journal.root)/\(stamp.file) longer than a record (\(JournalLimits.lineBytes) bytes): \(tooLong[piece.file])",
                                de:
                                    "Zeilen von \(journal.root)/\(stamp.file) übersprungen, die länger als ein Eintrag sind (\(JournalLimits.lineBytes) Bytes): \(tooLong[piece.file])"
                            ))
                    }
                    // A file read part-way is marked so (its size unknown): a merge after a
                    // kill goes on from where this one committed.
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO historyFile (path, offset, size, modifiedAt) VALUES (?, ?, ?, ?)",
                        arguments: [
                            journal.root + "/" + stamp.file, reached[piece.file], isLast ? stamp.size : -1,
                            isLast ? stamp.modifiedAt : 0
                        ])
                }
                return changes
            }
        } while next < pieces.count
        return taken
    }
    /// Sets the index from `record`, written by `writer`, when it is newer than what the index
    /// holds of its sit. With `strictly`, a new sit that is already there (the same start, kind
    /// and time sat) is an error, as it was before there were files.
    /// - Returns: whether it changed the history.
    /// Without `removalsKept` (no sit was ever removed) the look for a removal is spared, and
    /// without `mayBeIndexed` (the index is unlikely to hold the sit) the sit is added without a
    /// look first, and looked up only when the index refuses it.
    static func apply(
        _ record: PracticeRecord, writer: String, strictly: Bool, removalsKept: Bool = true,
        mayBeIndexed: Bool = true, _ db: Database
    ) throws -> Bool {
        // Cached statements: a first merge runs these for every line of every device (compiling
        // them each time cost seven times the rest).
        let row =
            mayBeIndexed || record.isRemoval
            ? try Row.fetchOne(
                db.cachedStatement(sql: "SELECT id, changedAt, changedBy FROM practice WHERE uuid = ?"),
                arguments: [record.uuid]) : nil
        let removal =
            removalsKept
            ? try Row.fetchOne(
                db.cachedStatement(sql: "SELECT changedAt, changedBy FROM practiceRemoved WHERE uuid = ?"),
                arguments: [record.uuid]) : nil
        for known in [row, removal].compactMap({ $0 }) {
            let at: Double = known["changedAt"]
            let by: String = known["changedBy"]
            guard (record.changed, writer) > (at, by) else { return false }
        }
        if record.isRemoval {
            try db.execute(sql: "DELETE FROM practice WHERE uuid = ?", arguments: [record.uuid])
            try db.execute(
                sql: "INSERT OR REPLACE INTO practiceRemoved (uuid, changedAt, changedBy) VALUES (?, ?, ?)",
                arguments: [record.uuid, record.changed, writer])
            return row != nil
        }
        guard let session = record.session else { return false }
        let values: StatementArguments = [
            session.startedAt, session.kind.rawValue, session.note, session.plannedSeconds, session.satSeconds,
            session.completed, session.running, session.remark, session.track, record.uuid, record.device, record.host,
            record.changed, writer
        ]
        if let id: Int64 = row?["id"] {
            // Another sit already set to the same start, kind and time sat: the two are one sit
            // (read from a file), or the change is refused (made here).
            try db.cachedStatement(
                sql: """
                    UPDATE \(strictly ? "" : "OR IGNORE") practice SET startedAt = ?, kind = ?, note = ?, plannedSeconds = ?,
                    satSeconds = ?, completed = ?, running = ?, remark = ?, track = ?, uuid = ?, device = ?,
                    host = ?, changedAt = ?, changedBy = ? WHERE id = ?
                    """
            ).execute(arguments: values + [id])
        } else {
            try db.cachedStatement(
                sql: """
                    INSERT \(strictly ? "" : "OR IGNORE") INTO practice (startedAt, kind, note, plannedSeconds,
                    satSeconds, completed, running, remark, track, uuid, device, host, changedAt, changedBy)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """
            ).execute(arguments: values)
        }
        let changed = db.changesCount > 0
        if !changed, !mayBeIndexed {
            return try apply(record, writer: writer, strictly: strictly, removalsKept: removalsKept, db)
        }
        if removal != nil {
            try db.execute(sql: "DELETE FROM practiceRemoved WHERE uuid = ?", arguments: [record.uuid])
        }
        return changed
    }

    /// Writes `session` as it now is (a new sit, or one changed here) to this device's file and
    /// to the index, in the transaction `db` is in: the line is written (and synced) before the
    /// transaction commits, so that a process killed between the two leaves a line the next
    /// merge takes, and a change the index refuses (the same sit twice) writes no line.
    /// - Returns: whether the index changed.
    @discardableResult
    func writeToJournal(
        _ session: PracticeSession, uuid: String, strictly: Bool = false, _ db: Database
    ) throws -> Bool {
        guard let journal else { return false }
        let changed = try Self.nextChange(of: uuid, db)
        let device = session.device.isEmpty ? journal.device : session.device
        let host = session.device.isEmpty ? journal.host : session.host
        let record = PracticeRecord(session, uuid: uuid, device: device, host: host, changed: changed)
        let applied = try Self.apply(record, writer: journal.device, strictly: strictly, db)
        if applied { try journal.append([record], at: changed) }
        return applied
    }

    /// Takes the sit `uuid` out of the history, on this device's file and in the index.
    func journalRemoval(of uuid: String, _ db: Database) throws {
        guard let journal else { return }
        let changed = try Self.nextChange(of: uuid, db)
        let record = PracticeRecord(removing: uuid, device: journal.device, host: journal.host, changed: changed)
        _ = try Self.apply(record, writer: journal.device, strictly: false, db)
        try journal.append([record], at: changed)
    }

    /// Now, or just after the sit's last change when the clock says otherwise (a clock set
    /// back): a change made here is always newer than the line it changes.
    private static func nextChange(of uuid: String, _ db: Database) throws -> Double {
        let last =
            try Double.fetchOne(db, sql: "SELECT changedAt FROM practice WHERE uuid = ?", arguments: [uuid]) ?? 0
        return max(Date().timeIntervalSince1970, last.nextUp)
    }

    /// A new sit's UUID: at random for one sat or added here; for one read from elsewhere (a
    /// CSV file, a history from before there were files), made from its start, kind and time
    /// sat, so that two devices that both hold it name it alike, unless that name is taken.
    static func uuid(derivedFrom session: PracticeSession?, _ db: Database) throws -> String {
        if let session,
            let hash = ContentHash.of(
                bytes: Array("\(session.startedAt) \(session.kind.rawValue) \(session.satSeconds)".utf8))
        {
            // Shaped as RFC 9562's version 8 (its bits made by meditate), variant 10.
            var hex = Array(hash.prefix(32))
            hex[12] = "8"
            hex[16] = ["8", "9", "a", "b"][Int(String(hex[16]), radix: 16).map { $0 & 3 } ?? 0]
            let uuid = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }.joined(separator: "-")
            let taken =
                try Bool.fetchOne(
                    db,
                    sql: """
                        SELECT EXISTS (SELECT 1 FROM practice WHERE uuid = ?1)
                            OR EXISTS (SELECT 1 FROM practiceRemoved WHERE uuid = ?1)
                        """, arguments: [uuid]) ?? true
            if !taken { return uuid }
        }
        return UUID().uuidString.lowercased()
    }

    /// Carries the sits of a history written before there were files (and any a version that
    /// kept no files added since) into this device's file, once: nothing is lost, and every
    /// other device learns of them.
    func carryIntoJournal() throws(LibraryError) {
        guard let journal else { return }
        let unnamed = try read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM practice WHERE uuid IS NULL") ?? 0
        }
        guard unnamed > 0 else { return }
        try write { db in
            let sessions = try PracticeSession.filter(sql: "uuid IS NULL").order(Column("startedAt")).fetchAll(db)
            let changed = Date().timeIntervalSince1970
            var records: [PracticeRecord] = []
            for session in sessions {
                guard let id = session.id else { continue }
                let uuid = try Self.uuid(derivedFrom: session, db)
                try db.execute(
                    sql:
                        "UPDATE practice SET uuid = ?, device = ?, host = ?, changedAt = ?, changedBy = ? WHERE id = ?",
                    arguments: [uuid, journal.device, journal.host, changed, journal.device, id])
                records.append(
                    PracticeRecord(session, uuid: uuid, device: journal.device, host: journal.host, changed: changed))
            }
            try journal.append(records, at: changed)
        }
    }
}

extension LibraryDatabase {
    /// The devices the history's sits were sat on, each by the name people know it by: its
    /// host name, with the start of its id where two hosts share a name.
    public func practiceDevices() throws(LibraryError) -> [String: String] {
        let hosts = try read { db in
            try Row.fetchAll(
                db, sql: "SELECT device, max(host) AS host FROM practice WHERE device != '' GROUP BY device"
            ).map { (device: $0["device"] as String, host: $0["host"] as String) }
        }
        var shared: [String: Int] = [:]
        for entry in hosts { shared[entry.host, default: 0] += 1 }
        return Dictionary(
            hosts.map { entry in
                let name =
                    entry.host.isEmpty
                    ? String(entry.device.prefix(8))
                    : shared[entry.host, default: 0] > 1 ? entry.host + " " + entry.device.prefix(4) : entry.host
                return (entry.device, name)
            }, uniquingKeysWith: { first, _ in first })
    }
}
