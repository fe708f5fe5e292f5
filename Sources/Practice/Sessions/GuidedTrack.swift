import Decoders
import Foundation
import Library
import Localization
import Settings

/// The guided track a person named: from the library (by id, title prefix or path), or any
/// audio file, which is measured first when it is not in the library.
package struct GuidedTrack {
    package let path: String
    package let title: String
    package let teacher: String?
    /// Integrated loudness, LUFS (nil: too short or quiet to measure, or not measured).
    package let loudness: Double?
    /// Sample peak, linear.
    package let peak: Double
    /// Whether it came from the library (so its loudness was measured at import).
    package let fromLibrary: Bool
    /// Its content hash when it came from the library: what the history keeps of it, for a
    /// course's progress.
    package var contentHash: String?

    /// - Parameter measure: called before a file outside the library is decoded to measure it
    ///   (nil: do not measure; it plays at its own level).
    package static func resolve(
        _ reference: String, library paths: LibraryPaths,
        measure: ((String) -> Void)?
    ) throws -> GuidedTrack {
        let hasLibrary = FileManager.default.fileExists(atPath: paths.database)
        var isFolder: ObjCBool = false
        let isFile = FileManager.default.fileExists(atPath: reference, isDirectory: &isFolder) && !isFolder.boolValue
        if hasLibrary {
            let tracks = TrackLibrary(database: try LibraryDatabase(tracksOf: paths))
            switch Result(catching: { () throws(LibraryError) in try tracks.resolve(reference) }) {
            case let .success(track):
                return GuidedTrack(track)
            case let .failure(error):
                // Any audio file plays, listed or not.
                guard case .noSuchTrack = error, isFile else {
                    if case .noSuchTrack = error { try Self.refuseMissingPath(reference) }
                    throw error
                }
            }
        } else if !isFile {
            try Self.refuseMissingPath(reference)
            throw LibraryError.noSuchTrack(reference: reference)
        }
        let path = URL(fileURLWithPath: reference).standardizedFileURL.path
        guard let measure else {
            return GuidedTrack(
                path: path, title: Self.fileTitle(path), teacher: nil, loudness: nil, peak: 0,
                fromLibrary: false)
        }
        measure(path)
        let analysis = try TrackAnalysis(path: path)
        return GuidedTrack(
            path: path, title: analysis.metadata.title ?? Self.fileTitle(path),
            teacher: analysis.metadata.artist, loudness: analysis.loudness, peak: analysis.peak,
            fromLibrary: false)
    }

    package init(_ track: Track) {
        path = track.path
        title = track.title
        // None when nobody is named: "— Unknown teacher" written into a note stays in the language
        // of the day it was written, and says nothing.
        teacher = track.knownTeacher
        loudness = track.loudness
        peak = track.peak
        fromLibrary = true
        contentHash = track.contentHash
    }

    package init(path: String, title: String, teacher: String?, loudness: Double?, peak: Double, fromLibrary: Bool) {
        self.path = path
        self.title = title
        self.teacher = teacher
        self.loudness = loudness
        self.peak = peak
        self.fromLibrary = fromLibrary
    }

    /// What a person is told before a file outside the library is decoded to be measured.
    package static func measuringNotice(_ path: String) -> String {
        localized(
            "measuring the loudness of '\(path)' first (`meditate library import` does it once for good)",
            de: "messe erst die Lautheit von '\(path)' (`meditate library import` tut es einmal für immer)")
    }

    /// "Title — Teacher", or the title alone.
    package var displayName: String { teacher.map { "\(title) — \($0)" } ?? title }

    /// A reference written as a path (`./rain.mp3`, `~/Music/sea.flac`, `/x/y`) that names no
    /// track is a file that is not there, or not a file: said so, rather than that the library
    /// has no such title.
    private static func refuseMissingPath(_ reference: String) throws(DecoderError) {
        guard reference.contains("/") else { return }
        try RegularFile.check(reference)
    }

    private static func fileTitle(_ path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }
}
