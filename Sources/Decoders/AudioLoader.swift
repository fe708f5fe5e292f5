/// Decodes a whole file into memory in the engine format: for short sounds (gongs, bells),
/// never for guided tracks, which stream.
public enum AudioLoader {
    /// Interleaved stereo samples at `engineRate`, and the file's tags (the tests' reference decode).
    static func loadStereo(
        path: String, engineRate: Int
    ) throws(DecoderError) -> (samples: [Float], metadata: AudioMetadata) {
        let reader = try EngineFormatReader(path: path, engineRate: engineRate, decodeAhead: false)
        var samples = [Float](repeating: 0, count: reader.frameCount * 2)
        let filled = try samples.withUnsafeMutableBufferPointer { (buffer) throws(DecoderError) in
            try readAll(reader, into: buffer)
        }
        samples.removeSubrange((filled * 2)...)
        return (samples, reader.decoder.metadata)
    }

    /// Reads `reader` from where it stands into `buffer` (interleaved stereo) until either ends;
    /// returns the frames read. Lets a caller decode straight into storage it keeps, with no copy.
    public static func readAll(
        _ reader: EngineFormatReader,
        into buffer: UnsafeMutableBufferPointer<Float>
    ) throws(DecoderError) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        let capacity = buffer.count / 2
        var filled = 0
        while filled < capacity {
            let got = try reader.read(into: base + filled * 2, maxFrames: capacity - filled)
            if got == 0 { break }
            filled += got
        }
        return filled
    }
}
