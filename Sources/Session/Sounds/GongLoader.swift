import Decoders
import Mixer

/// Loads a gong once, at the engine rate, into a buffer every strike shares.
public enum GongLoader {
    /// The longest gong: two minutes, far beyond any bell's ring and a small buffer.
    public static let maxSeconds = 120

    public static func load(
        _ choice: GongChoice, sampleRate: Int,
        locator: SoundLocator = SoundLocator()
    ) throws -> SampleBuffer {
        // No gong: a sound of no frames, which no strike plays (`SessionScore`).
        guard let path = try choice.path(locator: locator) else { return SampleBuffer(interleavedStereo: []) }
        // A bundled sound is a 16-bit stereo WAV at 48 kHz, installed and never rewritten in
        // place: it plays from the file's own pages. Anything else is decoded.
        if case .bundled = choice, let mapped = MappedPCM16WAV(path: path), mapped.sampleRate == sampleRate {
            return SampleBuffer(int16Stereo: mapped.samples, keptBy: mapped)
        }
        // A gong is decoded before the session starts: a decode-ahead thread would only add its
        // start-up and its buffer.
        let decoder = try AudioFile.open(path)
        // Nothing is allocated from a header's claim unchecked: a gong is a short sound, and a
        // long file belongs to --guided, which streams it.
        let seconds = decoder.frameCount / decoder.sourceFormat.sampleRate
        guard decoder.frameCount <= maxSeconds * decoder.sourceFormat.sampleRate else {
            throw DecoderError.tooLong(path: path, seconds: seconds, limit: maxSeconds)
        }
        let reader = try EngineFormatReader(decoder: decoder, engineRate: sampleRate, decodeAhead: false)
        return try SampleBuffer(capacityFrames: reader.frameCount) { (storage) throws(DecoderError) in
            try AudioLoader.readAll(reader, into: storage)
        }
    }
}
