import Decoders
import Foundation

/// What import learns by decoding a file once from start to end: its tags, its exact length,
/// its loudness and peak.
struct TrackAnalysis {
    var metadata: AudioMetadata
    var sampleRate: Int
    var channels: Int
    var frames: Int
    var loudness: Double?
    var peak: Double

    init(path: String) throws(LibraryError) {
        let decoder: any AudioDecoder
        do {
            decoder = try AudioFile.open(path)
        } catch {
            throw .notAudio(path: path, reason: error.errorDescription ?? "'\(path)': not audio")
        }
        let format = decoder.sourceFormat
        guard let meter = LoudnessMeter(channels: format.channels, sampleRate: format.sampleRate) else {
            throw .notAudio(path: path, reason: "'\(path)': \(format.channels) channels at \(format.sampleRate) Hz cannot be measured")
        }
        let chunkFrames = 16384
        let chunk = UnsafeMutablePointer<Float>.allocate(capacity: chunkFrames * format.channels)
        defer { chunk.deallocate() }
        var frames = 0
        while true {
            let got: Int
            do {
                got = try decoder.read(into: chunk, maxFrames: chunkFrames)
            } catch {
                throw .notAudio(path: path, reason: error.errorDescription ?? "'\(path)': decoding failed")
            }
            if got == 0 { break }
            meter.add(chunk, frames: got)
            frames += got
        }
        guard frames > 0 else {
            throw .notAudio(path: path, reason: "'\(path)': holds no audio")
        }
        metadata = decoder.metadata
        sampleRate = format.sampleRate
        channels = format.channels
        self.frames = frames
        loudness = meter.integratedLoudness
        peak = meter.samplePeak
    }
}
