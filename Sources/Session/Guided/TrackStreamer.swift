import Decoders
import Foundation
import Mixer
import Synchronization

/// Feeds a streamed voice: decodes (and resamples) a track ahead of the render thread into the
/// voice's ring, so that a slow decoder never stalls the mixer. Memory stays flat whatever the
/// track's length: only the ring and one chunk are held.
public final class TrackStreamer: @unchecked Sendable {
    public let stream: StreamSource
    private let reader: EngineFormatReader
    /// The chunk decoded into; its last frames are held until more follow, so that a decode
    /// that fails part-way ends the track with a short fade instead of a step.
    private let chunk = HeldTail(chunkFrames: 4096)
    private let feeder = FeederThread(name: "meditate-track")
    private let decodeFailure = Mutex<DecoderError?>(nil)
    /// The file has ended, or its decoding failed: only the held frames are left to write.
    private var decoderDone = false

    /// `bufferSeconds` of audio are decoded ahead.
    public convenience init(reader: EngineFormatReader, bufferSeconds: Int = 4) {
        self.init(reader: reader, stream: StreamSource(bufferFrames: max(1, bufferSeconds) * reader.engineRate))
    }

    /// Feeds `stream`, whose ring sets how far ahead the decoder runs.
    public init(reader: EngineFormatReader, stream: StreamSource) {
        self.reader = reader
        self.stream = stream
    }

    /// Decodes until the ring is full or the track has ended (on the calling thread).
    public func fill() {
        while !stream.isFinished {
            if decoderDone {
                _ = chunk.flushAndFinish(stream)
                return
            }
            // No more than the ring takes, so that every write below fits whole.
            let room = min(chunk.chunkFrames, stream.writableFrames)
            guard room > 0 else { return }
            do {
                let got = try reader.read(into: chunk.next, maxFrames: room)
                if got == 0 {
                    decoderDone = true
                    continue
                }
                chunk.commit(got, to: stream)
            } catch {
                decodeFailure.withLock { $0 = error }
                // What is left ends with a short fade instead of a step.
                chunk.fadeOut()
                decoderDone = true
            }
        }
    }

    /// Keeps the ring full from a thread of its own until the track ends or `stop()` is called.
    /// The render thread, which empties the ring, may make no system call to wake it: the
    /// feeder looks again every 10 ms (the ring holds seconds).
    public func start() {
        // Primed on the caller's thread, the reader and the ring's producer side move to the feeder's.
        reader.handOver()
        stream.ring.handOverProducer()
        feeder.start { [self] in
            while !feeder.isStopRequested && !stream.isFinished {
                fill()
                feeder.sleep(timeout: .milliseconds(10))
            }
        }
    }

    /// Stops the thread and waits for it, so that the reader can be used again (a seek).
    public func stop() {
        feeder.stop()
        // The reader comes back to the caller's thread (a seek, a new streamer).
        reader.handOver()
    }

    /// The decode error that ended the stream early, if any: the decoder thread sets it while
    /// the control thread asks.
    public var failure: DecoderError? { decodeFailure.withLock { $0 } }
}
