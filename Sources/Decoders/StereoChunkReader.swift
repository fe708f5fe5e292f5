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
    /// Samples replaced by silence because they were not a number or beyond ±`sampleLimit`:
    /// damaged data (a float WAV of 3e38, an MP3 with flipped bytes) never reaches the mixer.
    private(set) var replacedSamples = 0

    /// The largest magnitude a decoded sample may have: +24 dBFS, far above any real
    /// recording's inter-sample peaks and far below what damage produces.
    static let sampleLimit: Float = 16

    init(decoder: any AudioDecoder) {
        self.decoder = decoder
        sourceBuffer = .allocate(capacity: chunkFrames * max(2, decoder.sourceFormat.channels))
    }

    deinit { sourceBuffer.deallocate() }

    /// Decodes up to `chunkFrames` frames into `stereo` (room for `chunkFrames` stereo frames).
    /// Returns 0 at the end of the file; throws `truncated` when it ends early.
    func read(into stereo: UnsafeMutablePointer<Float>) throws(DecoderError) -> Int {
        let channels = decoder.sourceFormat.channels
        // Stereo is decoded where it is wanted; other layouts are converted from a buffer.
        let got = try decoder.read(into: channels == 2 ? stereo : sourceBuffer, maxFrames: chunkFrames)
        if got == 0 {
            if framesRead < decoder.frameCount {
                throw .truncated(
                    path: decoder.path, shortfall: Shortfall(.frames, promised: decoder.frameCount, held: framesRead))
            }
            return 0
        }
        framesRead += got
        if channels != 2 { StereoConversion.toStereo(sourceBuffer, channels: channels, frames: got, into: stereo) }
        replacedSamples += Self.silenceUnplayable(stereo, count: got * 2)
        return got
    }

    /// Sets every sample that is NaN, infinite or beyond ±`sampleLimit` to 0; returns how many.
    static func silenceUnplayable(_ samples: UnsafeMutablePointer<Float>, count: Int) -> Int {
        // Eight at a time, looking only: a whole chunk of sound is read and never written.
        let limit = SIMD8<Float>(repeating: sampleLimit)
        var clean = 0
        while clean + 8 <= count {
            let lanes = UnsafeRawPointer(samples + clean).loadUnaligned(as: SIMD8<Float>.self)
            // NaN fails the comparison too.
            guard all((lanes .<= limit) .& (lanes .>= -limit)) else { break }
            clean += 8
        }
        var replaced = 0
        for index in clean..<count {
            // One comparison per sample: NaN fails it too.
            if !(abs(samples[index]) <= sampleLimit) {
                samples[index] = 0
                replaced += 1
            }
        }
        return replaced
    }

    /// Moves to source frame `frame`.
    func seek(toFrame frame: Int) throws(DecoderError) {
        try decoder.seek(toFrame: frame)
        framesRead = frame
    }
}
