import Foundation
import GRDB

/// One guided track of the library: where its file is, what its tags said at import, the edits
/// made here (never written into the file), its exact length and its measured loudness.
public struct Track: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "track"

    public var id: Int64?
    public var path: String
    /// SHA-256 of the file's bytes at import.
    public var contentHash: String
    public var fileSize: Int64
    /// The file's modification time at import, seconds since 1970.
    public var modifiedAt: Double
    /// Whether the file is a copy in the library's own folder.
    public var copied: Bool
    public var tagTitle: String?
    public var tagArtist: String?
    public var tagAlbum: String?
    /// Edits made with `library edit`; they win over the tags.
    public var editedTitle: String?
    public var editedTeacher: String?
    public var sampleRate: Int
    public var channels: Int
    /// The exact number of frames the file decodes to, at its own rate.
    public var frames: Int64
    /// Integrated loudness, LUFS; nil for a file too quiet to measure.
    public var loudness: Double?
    /// The largest absolute sample (1 is full scale).
    public var peak: Double
    /// When the track was imported, seconds since 1970. A number rather than a `Date`: GRDB reads a
    /// `Date` column through a Gregorian calendar, and that first use loads ICU's time-zone data
    /// (about 3 MiB resident) into every `meditate play`.
    public var importedAt: Double

    public var title: String {
        editedTitle ?? tagTitle ?? ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// The artist tag is the teacher of a guided meditation: the edit, else the tag.
    public var knownTeacher: String? { editedTeacher ?? tagArtist }

    /// The teacher to sort and group by, with a name for none.
    public var teacher: String { knownTeacher ?? "Unknown teacher" }

    public var duration: Double { Double(frames) / Double(sampleRate) }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
