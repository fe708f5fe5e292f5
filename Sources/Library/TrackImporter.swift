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
    public func importFile(_ path: String, copy: Bool = false) -> ImportOutcome {
        do {
            return try importOrThrow(path, copy: copy)
        } catch {
            return .failed(path: path, error: error)
        }
    }

    private func importOrThrow(_ path: String, copy: Bool) throws(LibraryError) -> ImportOutcome {
        let stamp = try FileStamp(path: path)
        let atPath = try database.read { db in try Track.filter(Column("path") == path).fetchOne(db) }
        if let atPath, stamp.matches(atPath) { return .unchanged(atPath) }
        let hash = try ContentHash.of(path: path)
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
        let analysis = try TrackAnalysis(path: path)
        var storedPath = path
        if copy { storedPath = try copyIn(path, hash: hash) }
        let track = Track(id: atPath?.id, path: storedPath, contentHash: hash, fileSize: stamp.size,
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
            if let known = try Track.filter(Column("contentHash") == hash || Column("path") == storedPath).fetchOne(db) {
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
           underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if let cocoa = error as? CocoaError, cocoa.code == .fileWriteOutOfSpace { return String(cString: strerror(ENOSPC)) }
        return error.localizedDescription
    }

    static func absolute(_ path: String) -> String {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path)
            : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path)
        return url.standardizedFileURL.path
    }
}

/// Size and modification time: a file whose stamp is unchanged is not read again.
struct FileStamp {
    let size: Int64
    let modifiedAt: Double

    init(path: String) throws(LibraryError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        // A FIFO would block the hash for ever and a device never end: regular files only.
        if let kind = RegularFile.kind(of: info.st_mode) {
            throw .undecodable(.notRegularFile(path: path, kind: kind))
        }
        size = Int64(info.st_size)
        modifiedAt = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    }

    func matches(_ track: Track) -> Bool {
        track.fileSize == size && track.modifiedAt == modifiedAt
    }
}
