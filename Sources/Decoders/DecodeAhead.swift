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
    private let spaceFreed = DispatchSemaphore(value: 0)
    private let framesAdded = DispatchSemaphore(value: 0)
    private let exited = DispatchSemaphore(value: 0)
    private let stopRequested = Atomic<Bool>(false)
    private let ended = Atomic<Bool>(false)
    private let readerSleeps = Atomic<Bool>(false)
    private let decoderSleeps = Atomic<Bool>(false)
    /// Set by the decoding thread before it publishes `ended`.
    private var failure: DecoderError?
    private var running = false

    init(chunks: StereoChunkReader, bufferFrames: Int = 65_536) {
        self.chunks = chunks
        ring = SPSCRing(minimumCapacity: bufferFrames * 2)
        readerBatch = ring.capacity / 4 * 3
        decoderBatch = ring.capacity / 4
    }

    deinit { stop() }

    /// Starts decoding from the current position of `chunks`.
    func start() {
        stopRequested.store(false, ordering: .relaxed)
        ended.store(false, ordering: .relaxed)
        failure = nil
        running = true
        let thread = Thread { [self] in
            decodeUntilEnd()
            exited.signal()
        }
        thread.name = "meditate-decode-ahead"
        thread.start()
    }

    /// Ends the thread and waits for it; frames still in the ring are dropped.
    func stop() {
        guard running else { return }
        stopRequested.store(true, ordering: .sequentiallyConsistent)
        if decoderSleeps.exchange(false, ordering: .sequentiallyConsistent) { spaceFreed.signal() }
        exited.wait()
        running = false
        ring.discard(ring.availableToRead)
    }

    /// Takes up to `maxFrames` stereo frames, waiting for the decoder when the ring is empty.
    /// Returns 0 at the end of the file; rethrows the decoder's error.
    func read(into destination: UnsafeMutablePointer<Float>, maxFrames: Int) throws(DecoderError) -> Int {
        while true {
            let finished = ended.load(ordering: .acquiring)
            // Whole frames only: a write that found the ring nearly full may have split one.
            let whole = min(maxFrames * 2, ring.availableToRead & ~1)
            let got = ring.read(into: UnsafeMutableBufferPointer(start: destination, count: whole))
            if got > 0 {
                if ring.capacity - ring.availableToRead >= decoderBatch, decoderSleeps.exchange(false, ordering: .sequentiallyConsistent) {
                    spaceFreed.signal()
                }
                return got / 2
            }
            if finished {
                if let failure { throw failure }
                return 0
            }
            // Say it sleeps, then look again: a batch written meanwhile is seen here, or the
            // decoder sees the flag and wakes it. The timeout covers what neither sees.
            readerSleeps.store(true, ordering: .sequentiallyConsistent)
            if ring.availableToRead < readerBatch && !ended.load(ordering: .sequentiallyConsistent) {
                _ = framesAdded.wait(timeout: .now() + .milliseconds(50))
            }
            readerSleeps.store(false, ordering: .sequentiallyConsistent)
        }
    }

    private func decodeUntilEnd() {
        let stereo = UnsafeMutablePointer<Float>.allocate(capacity: chunks.chunkFrames * 2)
        defer {
            stereo.deallocate()
            ended.store(true, ordering: .sequentiallyConsistent)
            if readerSleeps.exchange(false, ordering: .sequentiallyConsistent) { framesAdded.signal() }
        }
        let chunkSamples = chunks.chunkFrames * 2
        while !stopRequested.load(ordering: .relaxed) {
            if ring.availableToWrite < chunkSamples {
                // Say it sleeps, then look again, as the reader does.
                decoderSleeps.store(true, ordering: .sequentiallyConsistent)
                if ring.availableToWrite < decoderBatch && !stopRequested.load(ordering: .sequentiallyConsistent) {
                    _ = spaceFreed.wait(timeout: .now() + .milliseconds(50))
                }
                decoderSleeps.store(false, ordering: .sequentiallyConsistent)
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
            if ring.capacity - ring.availableToWrite >= readerBatch, readerSleeps.exchange(false, ordering: .sequentiallyConsistent) {
                framesAdded.signal()
            }
        }
    }
}
