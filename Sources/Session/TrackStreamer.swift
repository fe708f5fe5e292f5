import Decoders
import Dispatch
import Foundation
import Mixer

/// Feeds a streamed voice: decodes (and resamples) a track ahead of the render thread into the
/// voice's ring, so that a slow decoder never stalls the mixer. Memory stays flat whatever the
/// track's length: only the ring and one chunk are held.
public final class TrackStreamer: @unchecked Sendable {
    public let stream: StreamSource
    private let reader: EngineFormatReader
    private let chunkFrames = 4096
    private let chunk: UnsafeMutablePointer<Float>
    private let lock = NSLock()
    private var thread: Thread?
    private let exited = DispatchSemaphore(value: 0)
    private var stopRequested = false
    /// The decode error that ended the stream early, if any.
    public private(set) var failure: DecoderError?

    /// `bufferSeconds` of audio are decoded ahead.
    public convenience init(reader: EngineFormatReader, bufferSeconds: Int = 4) {
        self.init(reader: reader, stream: StreamSource(bufferFrames: max(1, bufferSeconds) * reader.engineRate))
    }

    /// Feeds `stream`, whose ring sets how far ahead the decoder runs.
    public init(reader: EngineFormatReader, stream: StreamSource) {
        self.reader = reader
        self.stream = stream
        chunk = .allocate(capacity: chunkFrames * 2)
    }

    deinit { chunk.deallocate() }

    /// Decodes until the ring is full or the track has ended (on the calling thread).
    public func fill() {
        while !stream.isFinished && stream.writableFrames > 0 {
            do {
                let got = try reader.read(into: chunk, maxFrames: min(chunkFrames, stream.writableFrames))
                if got == 0 {
                    stream.finish()
                    return
                }
                stream.write(frames: UnsafeBufferPointer(start: chunk, count: got * 2))
            } catch {
                failure = error
                stream.finish()
                return
            }
        }
    }

    /// Keeps the ring full from a thread of its own until the track ends or `stop()` is called.
    public func start() {
        let thread = Thread { [self] in
            while !isStopRequested && !stream.isFinished {
                fill()
                Thread.sleep(forTimeInterval: 0.01)
            }
            exited.signal()
        }
        thread.name = "meditate-decoder"
        thread.start()
        self.thread = thread
    }

    /// Stops the thread and waits for it, so that the reader can be used again (a seek).
    public func stop() {
        lock.withLock { stopRequested = true }
        guard thread != nil else { return }
        exited.wait()
        thread = nil
    }

    private var isStopRequested: Bool { lock.withLock { stopRequested } }
}
