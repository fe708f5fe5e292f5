import Foundation
import Localization

/// Tags read from a file. Absent tags are nil, never empty strings.
public struct AudioMetadata: Sendable, Equatable {
    public var title: String?
    public var artist: String?
    public var album: String?
    public var genre: String?
    public var comment: String?
    /// The track's number on its album (`TRCK`, `TRACKNUMBER`): 4 of "4/30".
    public var trackNumber: Int?

    public init(
        title: String? = nil, artist: String? = nil, album: String? = nil,
        genre: String? = nil, comment: String? = nil, trackNumber: Int? = nil
    ) {
        self.trackNumber = trackNumber
        self.title = title.map(Self.escapingControls)
        self.artist = artist.map(Self.escapingControls)
        self.album = album.map(Self.escapingControls)
        self.genre = genre.map(Self.escapingControls)
        self.comment = comment.map(Self.escapingControls)
    }

    /// A tag with its control characters (C0 but tab, DEL, C1) written as `\x1B`: a title is
    /// printed to terminals, and an escape sequence in one could clear the screen or set the
    /// window's title.
    public static func escapingControls(_ text: String) -> String {
        TerminalText.escapingControls(text)
    }

    /// Fills every tag this one lacks from `other` (an ID3v1 fallback under ID3v2, say).
    public func filling(from other: AudioMetadata) -> AudioMetadata {
        AudioMetadata(
            title: title ?? other.title, artist: artist ?? other.artist,
            album: album ?? other.album, genre: genre ?? other.genre,
            comment: comment ?? other.comment, trackNumber: trackNumber ?? other.trackNumber)
    }

    /// "4", "04", "4/30" → 4; nil for anything else (a number past 99999 is no track's).
    public static func trackNumber(_ text: String?) -> Int? {
        guard let text else { return nil }
        let digits = text.trimmingCharacters(in: .whitespaces).prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 5, let number = Int(digits), number > 0 else { return nil }
        return number
    }
}

extension String {
    /// nil for a string that is empty once trimmed of spaces and NULs.
    var nonBlank: String? {
        let trimmed = trimmingCharacters(in: .whitespacesAndNewlines.union(["\0"]))
        return trimmed.isEmpty ? nil : trimmed
    }
}
