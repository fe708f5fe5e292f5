import Foundation
import Library

/// A track as scripts see it (`--json`).
package struct TrackJSON: Codable, Equatable {
    let id: Int64
    let title: String
    let teacher: String
    let album: String?
    let durationSeconds: Double
    let frames: Int64
    let sampleRate: Int
    let channels: Int
    let loudnessLUFS: Double?
    let peak: Double
    let path: String
    let copied: Bool

    package init(_ track: Track) {
        id = track.id ?? 0
        title = track.title
        teacher = track.teacher
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
