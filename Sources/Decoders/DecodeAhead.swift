import Foundation
import Mixer
import Synchronization

/// Decodes a file on a thread of its own, converted to stereo, into a lock-free ring, so that
/// decoding and resampling run on two cores at once instead of one after the other.
///
/// The consumer (the reader's thread) takes frames with `read`; `stop` ends the thread and
/// waits for it, after which `chunks` may be used (sought) from the consumer side again.
final class DecodeAhead: @unchecked Sendable {
    private let chunks: StereoChunkReader
    private let ring: SPSCRing<Float>
    private let spaceFreed = DispatchSemaphore(value: 0)
    private let framesAdded = DispatchSemaphore(value: 0)
    private let exited = DispatchSemaphore(value: 0)
    private let stopRequested = Atomic<Bool>(false)
    private let ended = Atomic<Bool>(false)
    /// Set by the decoding thread before it publishes `ended`.
    private var failure: DecoderError?
    private var running = false

    init(chunks: StereoChunkReader, bufferFrames: Int = 65_536) {
        self.chunks = chunks
        ring = SPSCRing(minimumCapacity: bufferFrames * 2)
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
        stopRequested.store(true, ordering: .relaxed)
        spaceFreed.signal()
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
                spaceFreed.signal()
                return got / 2
            }
            if finished {
                if let failure { throw failure }
                return 0
            }
            _ = framesAdded.wait(timeout: .now() + .milliseconds(50))
        }
    }

    private func decodeUntilEnd() {
        let stereo = UnsafeMutablePointer<Float>.allocate(capacity: chunks.chunkFrames * 2)
        defer {
            stereo.deallocate()
            ended.store(true, ordering: .releasing)
            framesAdded.signal()
        }
        while !stopRequested.load(ordering: .relaxed) {
            let got: Int
            do {
                got = try chunks.read(into: stereo)
            } catch {
                failure = error
                return
            }
            if got == 0 { return }
            var written = 0
            while written < got * 2 {
                written += ring.write(UnsafeBufferPointer(start: stereo + written, count: got * 2 - written))
                if written < got * 2 {
                    if stopRequested.load(ordering: .relaxed) { return }
                    _ = spaceFreed.wait(timeout: .now() + .milliseconds(50))
                }
            }
            framesAdded.signal()
        }
    }
}
