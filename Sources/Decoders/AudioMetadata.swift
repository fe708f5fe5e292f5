/// Tags read from a file. Absent tags are nil, never empty strings.
public struct AudioMetadata: Sendable, Equatable {
    public var title: String?
    public var artist: String?
    public var album: String?
    public var genre: String?
    public var comment: String?

    public init(title: String? = nil, artist: String? = nil, album: String? = nil,
                genre: String? = nil, comment: String? = nil) {
        self.title = title
        self.artist = artist
        self.album = album
        self.genre = genre
        self.comment = comment
    }

    /// Fills every tag this one lacks from `other` (an ID3v1 fallback under ID3v2, say).
    public func filling(from other: AudioMetadata) -> AudioMetadata {
        AudioMetadata(title: title ?? other.title, artist: artist ?? other.artist,
                      album: album ?? other.album, genre: genre ?? other.genre,
                      comment: comment ?? other.comment)
    }
}

extension String {
    /// nil for a string that is empty once trimmed of spaces and NULs.
    var nonBlank: String? {
        let trimmed = trimmingCharacters(in: .whitespacesAndNewlines.union(["\0"]))
        return trimmed.isEmpty ? nil : trimmed
    }
}

import Foundation
