import Decoders
import Mixer

/// Decodes a gong once, at the engine rate, into a buffer every strike shares.
public enum GongLoader {
    public static func load(_ choice: GongChoice, sampleRate: Int,
                            locator: SoundLocator = SoundLocator()) throws -> SampleBuffer {
        let path = try choice.path(locator: locator)
        let (samples, _) = try AudioLoader.loadStereo(path: path, engineRate: sampleRate)
        return SampleBuffer(interleavedStereo: samples)
    }
}
