import Foundation
import Rings
import Synchronization

/// Decodes a file on a thread of its own, converted to stereo, into a lock-free ring, so that
/// decoding and resampling run on two cores at once instead of one after the other.
///
/// The consumer (the reader's thread) takes frames with `read`; `stop` ends the thread and
/// waits for it, after which `chunks` may be used (sought) from the consumer side again.
///
/// A side that finds the ring empty (or full) sleeps until the other has a batch ready for it,
/// and is woken only if it sleeps: a wake-up per 4096-frame chunk cost more CPU time in the
/// kernel than the resampling itself. The decoder is the slower side, so the reader sleeps
/// often; it is woken when three quarters of the ring are filled, which wakes it a third as
/// often as a quarter would (some 3 200 times an hour of 44.1 kHz) and still leaves the
/// decoder a quarter of the ring, some 0.35 ms of its work, to fill while the reader wakes up.
final class DecodeAhead: @unchecked Sendable {
    private let chunks: StereoChunkReader
    private let ring: SPSCRing<Float>
    /// Samples (not frames) ready before a sleeping reader is woken.
    private let readerBatch: Int
    /// Samples of free space before a sleeping decoder is woken.
    private let decoderBatch: Int
    private let decoder = FeederThread(name: "meditate-ahead")
    private let readerRest = WakeableSleep()
    private let ended = Atomic<Bool>(false)
    /// Set by the decoding thread before it publishes `ended`.
    private var failure: DecoderError?

    /// Frames decoded ahead: 1.4 s at 44.1 kHz, 512 KiB of stereo Float32, enough that the two
    /// threads wake each other some 3 200 times an hour.
    static let defaultBufferFrames = 65_536

    init(chunks: StereoChunkReader, bufferFrames: Int = defaultBufferFrames) {
        self.chunks = chunks
        ring = SPSCRing(minimumCapacity: bufferFrames * 2)
        readerBatch = ring.capacity / 4 * 3
        decoderBatch = ring.capacity / 4
    }

    deinit { stop() }

    /// Starts decoding from the current position of `chunks`.
    func start() {
        ended.store(false, ordering: .relaxed)
        failure = nil
        // A new thread decodes: the ring's producer side is its.
        ring.handOverProducer()
        decoder.start { [self] in decodeUntilEnd() }
    }

    /// Ends the thread and waits for it; frames still in the ring are dropped.
    /// Thread: the reader's.
    func stop() {
        guard decoder.stop() else { return }
        // The decoder has exited: whoever stopped it (the reader, or whatever thread frees
        // it) clears the ring, and reads next if it reads again.
        ring.handOverConsumer()
        ring.discard(ring.availableToRead)
    }

    /// The reader moves to another thread: the next that reads owns the ring's consumer side.
    func handOverReader() {
        ring.handOverConsumer()
    }

    /// Takes up to `maxFrames` stereo frames, waiting for the decoder when the ring is empty.
    /// Returns 0 at the end of the file; rethrows the decoder's error.
    func read(into destination: UnsafeMutablePointer<Float>, maxFrames: Int) throws(DecoderError) -> Int {
        while true {
            let finished = ended.load(ordering: .acquiring)
            // Whole frames: the decoder writes whole chunks, and an even count is taken.
            let whole = min(maxFrames * 2, ring.availableToRead & ~1)
            let got = ring.read(into: UnsafeMutableBufferPointer(start: destination, count: whole))
            if got > 0 {
                if ring.capacity - ring.availableToRead >= decoderBatch { decoder.wake() }
                return got / 2
            }
            if finished {
                if let failure { throw failure }
                return 0
            }
            readerRest.sleep(timeout: .milliseconds(50)) {
                ring.availableToRead < readerBatch && !ended.load(ordering: .sequentiallyConsistent)
            }
        }
    }

    private func decodeUntilEnd() {
        let stereo = UnsafeMutablePointer<Float>.allocate(capacity: chunks.chunkFrames * 2)
        defer {
            stereo.deallocate()
            ended.store(true, ordering: .sequentiallyConsistent)
            readerRest.wake()
        }
        let chunkSamples = chunks.chunkFrames * 2
        while !decoder.isStopRequested {
            if ring.availableToWrite < chunkSamples {
                decoder.sleep(timeout: .milliseconds(50)) { ring.availableToWrite < decoderBatch }
                continue
            }
            // A chunk is decoded straight into the ring when it fits before the wrap (all but
            // once a lap), which saves a copy of every sample; across the wrap, through `stereo`.
            let span = ring.writableSpan()
            let inPlace = span.count >= chunkSamples ? span.baseAddress : nil
            let got: Int
            do {
                got = try chunks.read(into: inPlace ?? stereo)
            } catch {
                failure = error
                return
            }
            if got == 0 { return }
            if inPlace != nil {
                ring.commitWrite(got * 2)
            } else {
                // Fits: a whole chunk's room was free.
                _ = ring.write(UnsafeBufferPointer(start: stereo, count: got * 2))
            }
            if ring.capacity - ring.availableToWrite >= readerBatch { readerRest.wake() }
        }
    }
}
