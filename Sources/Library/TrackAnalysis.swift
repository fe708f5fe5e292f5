import Decoders
import Foundation

/// What import learns by decoding a file once from start to end: its tags, its exact length,
/// its loudness and peak. `play` measures a file that is not in the library the same way.
public struct TrackAnalysis: Sendable {
    public var metadata: AudioMetadata
    public var sampleRate: Int
    public var channels: Int
    public var frames: Int
    /// Integrated loudness, LUFS; nil when too short or too quiet to measure.
    public var loudness: Double?
    /// The largest absolute sample (1 is full scale).
    public var peak: Double

    public init(path: String) throws(LibraryError) {
        let decoder: any AudioDecoder
        let reader: EngineFormatReader
        do {
            decoder = try AudioFile.open(path)
            // Read as the engine plays it (stereo, mono on both sides, at the file's own rate, so
            // nothing is resampled): the loudness measured is the loudness heard, and a file
            // that ends before its header says is caught as truncated, as in playback.
            reader = try EngineFormatReader(decoder: decoder, engineRate: decoder.sourceFormat.sampleRate)
        } catch {
            throw .undecodable(error)
        }
        let format = decoder.sourceFormat
        guard let meter = LoudnessMeter(channels: 2, sampleRate: format.sampleRate) else {
            throw .unmeasurable(path: path, sampleRate: format.sampleRate)
        }
        let chunkFrames = 16384
        let chunk = UnsafeMutablePointer<Float>.allocate(capacity: chunkFrames * 2)
        defer { chunk.deallocate() }
        var frames = 0
        while true {
            // A session stopped while it is made ready stops this at the next chunk.
            guard MeasuringGate.isOpen else { throw .measuringStopped(path: path) }
            let got: Int
            do {
                got = try reader.read(into: chunk, maxFrames: chunkFrames)
            } catch {
                throw .undecodable(error)
            }
            if got == 0 { break }
            meter.add(chunk, frames: got)
            frames += got
        }
        guard frames > 0 else {
            throw .holdsNoAudio(path: path)
        }
        // A damaged file plays its damage as silence; the library takes only sound.
        guard reader.replacedSamples == 0 else {
            throw .damagedSamples(path: path, count: reader.replacedSamples)
        }
        metadata = decoder.metadata
        sampleRate = format.sampleRate
        channels = format.channels
        self.frames = frames
        loudness = meter.integratedLoudness
        peak = meter.samplePeak
    }
}
