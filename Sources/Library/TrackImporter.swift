import Decoders
import Foundation
import GRDB

/// Imports files and folders into the library: one decode per new file (tags, exact length,
/// loudness), one transaction per track. Re-importing changes nothing; a file that moved is
/// found again by its content; a file that cannot be read is reported and skipped.
public struct TrackImporter: Sendable {
    public let database: LibraryDatabase
    public let paths: LibraryPaths

    /// The endings a folder is searched for; a file named on the command line is tried whatever
    /// its name.
    public static let audioExtensions: Set<String> = ["mp3", "wav", "wave", "flac", "ogg", "oga", "opus", "aif", "aiff"]

    public init(database: LibraryDatabase, paths: LibraryPaths) {
        self.database = database
        self.paths = paths
    }

    /// The files `inputs` name: files as given, folders searched recursively for audio, sorted.
    /// Inputs that do not exist come back as failures.
    public func collect(_ inputs: [String]) -> (files: [String], missing: [ImportOutcome]) {
        var files: [String] = []
        var missing: [ImportOutcome] = []
        let manager = FileManager.default
        for input in inputs {
            let path = Self.absolute(input)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                missing.append(.failed(path: input, error: .noSuchPath(path: input)))
                continue
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            var found: [String] = []
            for case let relative as String in manager.enumerator(atPath: path) ?? FileManager.DirectoryEnumerator()
            where Self.audioExtensions.contains((relative as NSString).pathExtension.lowercased()) {
                found.append(path + "/" + relative)
            }
            files += found.sorted()
        }
        var seen = Set<String>()
        return (files.filter { seen.insert($0).inserted }, missing)
    }

    /// Imports one file (an absolute path); `copy` puts a copy in the library's folder.
    /// `prepared` is what `prepare` computed for it ahead, on another thread.
    public func importFile(_ path: String, copy: Bool = false, prepared: ImportPreparation? = nil) -> ImportOutcome {
        do {
            return try importOrThrow(path, copy: copy, prepared: prepared)
        } catch {
            return .failed(path: path, error: error)
        }
    }

    /// Computes ahead what importing `path` will need: its hash unless it is known unchanged,
    /// and its analysis unless its content is known. Reads the library, never writes it, so
    /// that files can be prepared on every core while the imports stay in order. Nil when the
    /// file cannot be looked at; its import then reports why.
    public func prepare(_ path: String) -> ImportPreparation? {
        do {
            let stamp = try FileStamp(path: path)
            let atPath = try database.read { db in try Track.filter(Column("path") == path).fetchOne(db) }
            if let atPath, stamp.matches(atPath) { return ImportPreparation(stamp: stamp, hash: nil, analysis: nil) }
            let hash = try ContentHash.of(path: path)
            let known = try database.read { db in try Track.filter(Column("contentHash") == hash).fetchCount(db) }
            if known > 0 { return ImportPreparation(stamp: stamp, hash: hash, analysis: nil) }
            let analysis = Result { () throws(LibraryError) in try TrackAnalysis(path: path) }
            return ImportPreparation(stamp: stamp, hash: hash, analysis: analysis)
        } catch {
            return nil
        }
    }

    private func importOrThrow(
        _ path: String, copy: Bool, prepared: ImportPreparation?
    ) throws(LibraryError) -> ImportOutcome {
        let stamp = try FileStamp(path: path)
        // A file changed since it was prepared is read again.
        let ahead = prepared?.matching(stamp)
        let atPath = try database.read { db in try Track.filter(Column("path") == path).fetchOne(db) }
        if let atPath, stamp.matches(atPath) { return .unchanged(atPath) }
        let hash: String
        if let known = ahead?.hash { hash = known } else { hash = try ContentHash.of(path: path) }
        if var known = try database.read({ db in try Track.filter(Column("contentHash") == hash).fetchOne(db) }) {
            if known.path == path || known.copied {
                // Touched but not changed, or a file that was copied in before.
                if known.path == path {
                    known.modifiedAt = stamp.modifiedAt
                    try database.write { db in try known.update(db) }
                    return .unchanged(known)
                }
                return .duplicate(of: known, path: path)
            }
            guard !FileManager.default.fileExists(atPath: known.path) else {
                return .duplicate(of: known, path: path)
            }
            let from = known.path
            known.path = path
            known.fileSize = stamp.size
            known.modifiedAt = stamp.modifiedAt
            let moved = known
            try database.write { db in
                // A stale entry at the new path (another file that was there) gives way.
                if let atPath, atPath.id != moved.id { _ = try atPath.delete(db) }
                try moved.update(db)
            }
            return .moved(moved, from: from)
        }
        let analysis: TrackAnalysis
        if let measured = ahead?.analysis {
            analysis = try measured.get()
        } else {
            analysis = try TrackAnalysis(path: path)
        }
        var storedPath = path
        if copy { storedPath = try copyIn(path, hash: hash) }
        let track = Track(
            id: atPath?.id, path: storedPath, contentHash: hash, fileSize: stamp.size,
            modifiedAt: stamp.modifiedAt, copied: copy,
            tagTitle: analysis.metadata.title, tagArtist: analysis.metadata.artist,
            tagAlbum: analysis.metadata.album,
            editedTitle: atPath?.editedTitle, editedTeacher: atPath?.editedTeacher,
            sampleRate: analysis.sampleRate, channels: analysis.channels,
            frames: Int64(analysis.frames), loudness: analysis.loudness, peak: analysis.peak,
            importedAt: Date().timeIntervalSince1970)
        if atPath != nil, !copy {
            let updated = track
            try database.write { db in try updated.update(db) }
            return .updated(updated)
        }
        // Another import of the same file may have finished since it was looked up: the
        // transaction holds the write lock, so what it finds now is what there is.
        let inserted = track
        return try database.write { db -> ImportOutcome in
            if let known = try Track.filter(Column("contentHash") == hash || Column("path") == storedPath).fetchOne(db)
            {
                return known.path == storedPath ? .unchanged(known) : .duplicate(of: known, path: path)
            }
            var row = inserted
            try row.insert(db)
            return .imported(row)
        }
    }

    /// Copies `path` into the library's folder under a name that its content decides, so that an
    /// import killed half-way and run again reuses the copy. Written under a temporary name and
    /// renamed: a copy is whole or absent.
    private func copyIn(_ path: String, hash: String) throws(LibraryError) -> String {
        let manager = FileManager.default
        let name = String(hash.prefix(16)) + "-" + (path as NSString).lastPathComponent
        let destination = paths.tracks + "/" + name
        if manager.fileExists(atPath: destination) { return destination }
        let temporary = paths.tracks + "/.partial-" + name
        do {
            try manager.createDirectory(atPath: paths.tracks, withIntermediateDirectories: true)
            try? manager.removeItem(atPath: temporary)
            try manager.copyItem(atPath: path, toPath: temporary)
            try manager.moveItem(atPath: temporary, toPath: destination)
        } catch {
            // A copy cut short (a full disk) is not kept for ever under its temporary name.
            try? manager.removeItem(atPath: temporary)
            throw .copyFailed(path: path, reason: Self.reason(error))
        }
        return destination
    }

    /// The system's reason for a failed file operation ("No space left on device"), not
    /// Foundation's "The operation could not be completed".
    static func reason(_ error: any Error) -> String {
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if let cocoa = error as? CocoaError, cocoa.code == .fileWriteOutOfSpace {
            return String(cString: strerror(ENOSPC))
        }
        return error.localizedDescription
    }

    static func absolute(_ path: String) -> String {
        let url =
            path.hasPrefix("/")
            ? URL(fileURLWithPath: path)
            : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path)
        return url.standardizedFileURL.path
    }
}
