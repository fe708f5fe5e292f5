import Decoders
import Mixer

/// Loads a gong once, at the engine rate, into a buffer every strike shares.
public enum GongLoader {
    public static func load(_ choice: GongChoice, sampleRate: Int,
                            locator: SoundLocator = SoundLocator()) throws -> SampleBuffer {
        let path = try choice.path(locator: locator)
        // A bundled sound is a 16-bit stereo WAV at 48 kHz, installed and never rewritten in
        // place: it plays from the file's own pages. Anything else is decoded.
        if case .bundled = choice, let mapped = MappedPCM16WAV(path: path), mapped.sampleRate == sampleRate {
            return SampleBuffer(int16Stereo: mapped.samples, keptBy: mapped)
        }
        // A gong is decoded before the session starts: a decode-ahead thread would only add its
        // start-up and its buffer.
        let reader = try EngineFormatReader(path: path, engineRate: sampleRate, decodeAhead: false)
        return try SampleBuffer(capacityFrames: reader.frameCount) { (storage) throws(DecoderError) in
            try AudioLoader.readAll(reader, into: storage)
        }
    }
}
