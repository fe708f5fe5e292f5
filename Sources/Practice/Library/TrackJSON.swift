import Foundation
import Library

/// A track as scripts see it (`--json`).
package struct TrackJSON: Codable, Equatable {
    package let id: Int64
    package let title: String
    package let teacher: String?
    package let album: String?
    package let durationSeconds: Double
    package let frames: Int64
    package let sampleRate: Int
    package let channels: Int
    package let loudnessLUFS: Double?
    package let peak: Double
    package let path: String
    package let copied: Bool

    package init(_ track: Track) {
        id = track.id ?? 0
        title = track.title
        teacher = track.knownTeacher
        album = track.tagAlbum
        durationSeconds = track.duration
        frames = track.frames
        sampleRate = track.sampleRate
        channels = track.channels
        loudnessLUFS = track.loudness.map { ($0 * 100).rounded() / 100 }
        peak = track.peak
        path = track.path
        copied = track.copied
    }

    package static func text<T: Encodable>(of value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
