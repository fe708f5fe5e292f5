import Decoders
import Mixer

/// Decodes a gong once, at the engine rate, into a buffer every strike shares.
public enum GongLoader {
    public static func load(_ choice: GongChoice, sampleRate: Int,
                            locator: SoundLocator = SoundLocator()) throws -> SampleBuffer {
        let path = try choice.path(locator: locator)
        // A gong is decoded before the session starts: a decode-ahead thread would only add its
        // start-up and its buffer.
        let reader = try EngineFormatReader(path: path, engineRate: sampleRate, decodeAhead: false)
        return try SampleBuffer(capacityFrames: reader.frameCount) { (storage) throws(DecoderError) in
            try AudioLoader.readAll(reader, into: storage)
        }
    }
}
