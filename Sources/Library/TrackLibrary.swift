import Foundation
import GRDB

/// The library's queries and edits: listing, finding a track the way a person names it,
/// editing what we show, removing, and checking the files against what was imported.
public struct TrackLibrary: Sendable {
    public let database: LibraryDatabase

    public init(database: LibraryDatabase) {
        self.database = database
    }

    /// Every track, grouped by teacher (in alphabetical order), then by title.
    public func allTracks() throws(LibraryError) -> [Track] {
        try database.read { db in try Track.fetchAll(db) }.sorted {
            ($0.teacher.lowercased(), $0.title.lowercased(), $0.id ?? 0)
                < ($1.teacher.lowercased(), $1.title.lowercased(), $1.id ?? 0)
        }
    }

    public func track(id: Int64) throws(LibraryError) -> Track {
        guard let track = try database.read({ db in try Track.fetchOne(db, key: id) }) else {
            throw .noSuchTrack(reference: String(id))
        }
        return track
    }

    /// The track `reference` names: an id, a path of an imported file, or the start of exactly
    /// one title (case does not matter).
    public func resolve(_ reference: String) throws(LibraryError) -> Track {
        if let id = Int64(reference) { return try track(id: id) }
        // A path is one row of its unique (indexed) column: a sit's ambience or a guided file,
        // named by its path, does not load a library of thousands to find it.
        let path = TrackImporter.absolute(reference)
        if let byPath = try database.read({ db in try Track.filter(Column("path") == path).fetchOne(db) }) {
            return byPath
        }
        let tracks = try allTracks()
        let wanted = reference.lowercased()
        if let exact = tracks.filter({ $0.title.lowercased() == wanted }).onlyElement { return exact }
        let matches = tracks.filter { $0.title.lowercased().hasPrefix(wanted) }
        if let match = matches.onlyElement { return match }
        if matches.isEmpty { throw .noSuchTrack(reference: reference) }
        throw .ambiguous(reference: reference, candidates: matches.map { "#\($0.id ?? 0) \($0.title)" })
    }

    /// Sets what is shown as the title and the teacher; an empty string goes back to the tag.
    @discardableResult
    public func edit(id: Int64, title: String?, teacher: String?) throws(LibraryError) -> Track {
        var track = try self.track(id: id)
        if let title { track.editedTitle = title.isEmpty ? nil : title }
        if let teacher { track.editedTeacher = teacher.isEmpty ? nil : teacher }
        let edited = track
        try database.write { db in try edited.update(db) }
        return edited
    }

    /// Removes a track from the library; a copy in the library's folder goes with it, the
    /// user's own file never does.
    @discardableResult
    public func remove(id: Int64) throws(LibraryError) -> Track {
        let track = try self.track(id: id)
        _ = try database.write { db in try track.delete(db) }
        if track.copied { try? FileManager.default.removeItem(atPath: track.path) }
        return track
    }

    /// Tracks whose file is missing or has changed since import.
    public func check() throws(LibraryError) -> [TrackProblem] {
        var problems: [TrackProblem] = []
        for track in try allTracks() {
            guard FileManager.default.fileExists(atPath: track.path) else {
                problems.append(TrackProblem(track: track, kind: .missing))
                continue
            }
            guard let stamp = try? FileStamp(path: track.path) else {
                problems.append(TrackProblem(track: track, kind: .unreadable))
                continue
            }
            if stamp.matches(track) { continue }
            // A new time alone (a copy, a touch) is not a change; the content decides.
            if (try? ContentHash.of(path: track.path)) != track.contentHash {
                problems.append(TrackProblem(track: track, kind: .changed))
            }
        }
        return problems
    }
}

extension Array {
    var onlyElement: Element? { count == 1 ? first : nil }
}
