/// Decodes a whole file into memory in the engine format: for short sounds (gongs, bells),
/// never for guided tracks, which stream.
public enum AudioLoader {
    /// Interleaved stereo samples at `engineRate`, and the file's tags.
    public static func loadStereo(path: String, engineRate: Int)
        throws(DecoderError) -> (samples: [Float], metadata: AudioMetadata) {
        let reader = try EngineFormatReader(path: path, engineRate: engineRate)
        var samples = [Float](repeating: 0, count: reader.frameCount * 2)
        var filled = 0
        try samples.withUnsafeMutableBufferPointer { (buffer) throws(DecoderError) in
            guard let base = buffer.baseAddress else { return }
            while filled < reader.frameCount {
                let got = try reader.read(into: base + filled * 2, maxFrames: reader.frameCount - filled)
                if got == 0 { break }
                filled += got
            }
        }
        return (samples, reader.decoder.metadata)
    }
}
