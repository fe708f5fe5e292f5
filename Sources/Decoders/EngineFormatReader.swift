/// Reads any decoder's output as interleaved stereo Float32 at the engine's rate: mono is
/// duplicated, more than two channels keep the first two, and other rates are converted
/// (`makeResampler`).
///
/// When it resamples and `decodeAhead` is on, decoding runs ahead on a thread of its own
/// (`DecodeAhead`) so that the two halves of the work use two cores. The output has exactly
/// `frameCount` frames — the source's frames scaled to the engine rate and rounded — so
/// durations stay exact.
public final class EngineFormatReader {
    public let decoder: any AudioDecoder
    public let engineRate: Int
    /// Frames this reader delivers in all.
    public let frameCount: Int

    private let chunks: StereoChunkReader
    private let resampler: (any Resampling)?
    private let decodeAhead: DecodeAhead?
    private let stereoBuffer: UnsafeMutablePointer<Float>
    private var pendingOffset = 0
    private var pendingFrames = 0
    private var sourceEnded = false
    private var delivered = 0
    /// A decode failure met after some frames of a read were made: those are returned first,
    /// and the next read throws it.
    private var deferredFailure: DecoderError?

    /// - Parameter decodeAhead: decode on a second thread while resampling, for speed. Playback
    ///   in real time has no use for it (a 60-minute MP3 plays at under 1 % of a core) and would
    ///   pay its thread and its 512 KiB ring.
    public init(decoder: any AudioDecoder, engineRate: Int, decodeAhead: Bool = true) throws(DecoderError) {
        self.decoder = decoder
        self.engineRate = engineRate
        let sourceRate = decoder.sourceFormat.sampleRate
        // Both factors are bounded (48 hours at 768 kHz, an engine rate of at most 768 kHz), so
        // the product cannot overflow; the checks make that a line, never a trap.
        guard decoder.frameCount > 0, decoder.frameCount <= decoder.sourceFormat.maxFrames,
            SourceFormat.sampleRateRange.contains(sourceRate), SourceFormat.sampleRateRange.contains(engineRate)
        else {
            throw .implausibleLength(path: decoder.path)
        }
        frameCount = (decoder.frameCount * engineRate + sourceRate / 2) / sourceRate
        chunks = StereoChunkReader(decoder: decoder)
        if sourceRate == engineRate {
            resampler = nil
            self.decodeAhead = nil
        } else {
            resampler = try makeResampler(inputRate: sourceRate, outputRate: engineRate)
            self.decodeAhead = decodeAhead ? DecodeAhead(chunks: chunks) : nil
            self.decodeAhead?.start()
        }
        stereoBuffer = .allocate(capacity: chunks.chunkFrames * 2)
    }

    /// Opens `path` and reads it at `engineRate`.
    public convenience init(path: String, engineRate: Int, decodeAhead: Bool = true) throws(DecoderError) {
        try self.init(decoder: AudioFile.open(path), engineRate: engineRate, decodeAhead: decodeAhead)
    }

    deinit {
        decodeAhead?.stop()
        stereoBuffer.deallocate()
    }

    /// The most frames of silence that stand in for the resampler's rounding at the end.
    static let roundingSlackFrames = 64

    /// Samples of the source replaced by silence as damaged (NaN, infinite, beyond +24 dBFS).
    /// Thread: the reader's, and only without decode-ahead (it counts on the decoding thread).
    public var replacedSamples: Int { chunks.replacedSamples }

    /// Frames delivered so far (the position in engine frames).
    public var position: Int { delivered }

    /// Reads up to `maxFrames` engine frames into `output`; 0 at the end.
    public func read(into output: UnsafeMutablePointer<Float>, maxFrames: Int) throws(DecoderError) -> Int {
        if let failure = deferredFailure {
            deferredFailure = nil
            throw failure
        }
        let wanted = min(maxFrames, frameCount - delivered)
        var produced = 0
        while produced < wanted {
            if pendingFrames == 0 && !sourceEnded, let failure = refill() {
                guard produced == 0 else {
                    deferredFailure = failure
                    break
                }
                throw failure
            }
            let target = output + produced * 2
            let room = wanted - produced
            if let resampler {
                let input: UnsafePointer<Float>? =
                    pendingFrames > 0 ? UnsafePointer(stereoBuffer + pendingOffset * 2) : nil
                let (consumed, made) = try resampler.process(
                    input, inputFrames: pendingFrames,
                    into: target, outputCapacity: room)
                pendingOffset += consumed
                pendingFrames -= consumed
                produced += made
                if made == 0 && consumed == 0 && sourceEnded && pendingFrames == 0 {
                    // The filter is drained short of the exact length by a frame or two of
                    // rounding: those are silence. More than that is a source that ended
                    // early, which is not padded out to what its header claimed.
                    let missing = frameCount - delivered - produced
                    guard missing <= Self.roundingSlackFrames else { break }
                    target.update(repeating: 0, count: room * 2)
                    produced += room
                }
            } else {
                if pendingFrames == 0 && sourceEnded { break }
                let made = min(room, pendingFrames)
                target.update(from: stereoBuffer + pendingOffset * 2, count: made * 2)
                pendingOffset += made
                pendingFrames -= made
                produced += made
            }
        }
        delivered += produced
        return produced
    }

    /// The reader moves to another thread (a track streamer's, after it was primed on the
    /// control thread, and back): the next thread that reads it owns it. Debug builds check
    /// that one thread at a time reads (`ThreadOwner`).
    public func handOver() {
        decodeAhead?.handOverReader()
    }

    /// Moves to engine frame `frame`.
    public func seek(toFrame frame: Int) throws(DecoderError) {
        let target = max(0, min(frame, frameCount))
        let sourceRate = decoder.sourceFormat.sampleRate
        let sourceFrame = (target * sourceRate + engineRate / 2) / engineRate
        decodeAhead?.stop()
        try chunks.seek(toFrame: sourceFrame)
        decodeAhead?.start()
        resampler?.reset()
        pendingFrames = 0
        pendingOffset = 0
        sourceEnded = false
        deferredFailure = nil
        delivered = target
    }

    /// Fills the stereo buffer with the next source frames: from the decode-ahead thread when
    /// resampling, straight from the decoder otherwise. Returns the decoder's failure, if any.
    private func refill() -> DecoderError? {
        pendingOffset = 0
        let read = Result { () throws(DecoderError) -> Int in
            if let decodeAhead { return try decodeAhead.read(into: stereoBuffer, maxFrames: chunks.chunkFrames) }
            return try chunks.read(into: stereoBuffer)
        }
        switch read {
        case let .success(frames):
            pendingFrames = frames
            if frames == 0 { sourceEnded = true }
            return nil
        case let .failure(error):
            pendingFrames = 0
            return error
        }
    }
}
