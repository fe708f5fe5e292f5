/// Reads a decoder chunk by chunk as interleaved stereo, and tells a file that ends before the
/// frame count its header promised (truncated) from one that ends where it should.
///
/// Used from one thread at a time: the reader's, or the decode-ahead thread while it runs.
final class StereoChunkReader {
    let decoder: any AudioDecoder
    /// The most frames one `read` returns.
    let chunkFrames = 4096
    private let sourceBuffer: UnsafeMutablePointer<Float>
    private var framesRead = 0

    init(decoder: any AudioDecoder) {
        self.decoder = decoder
        sourceBuffer = .allocate(capacity: chunkFrames * max(2, decoder.sourceFormat.channels))
    }

    deinit { sourceBuffer.deallocate() }

    /// Decodes up to `chunkFrames` frames into `stereo` (room for `chunkFrames` stereo frames).
    /// Returns 0 at the end of the file; throws `truncated` when it ends early.
    func read(into stereo: UnsafeMutablePointer<Float>) throws(DecoderError) -> Int {
        let got = try decoder.read(into: sourceBuffer, maxFrames: chunkFrames)
        if got == 0 {
            if framesRead < decoder.frameCount {
                throw .truncated(path: decoder.path,
                                 detail: "its header promises \(decoder.frameCount) frames, it holds \(framesRead)")
            }
            return 0
        }
        framesRead += got
        StereoConversion.toStereo(sourceBuffer, channels: decoder.sourceFormat.channels, frames: got, into: stereo)
        return got
    }

    /// Moves to source frame `frame`.
    func seek(toFrame frame: Int) throws(DecoderError) {
        try decoder.seek(toFrame: frame)
        framesRead = frame
    }
}
