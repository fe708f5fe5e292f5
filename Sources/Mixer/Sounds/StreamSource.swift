import Rings
import Synchronization

/// A streamed voice's input: a lock-free ring of interleaved stereo samples that a decoder
/// thread fills ahead of the render thread (seconds, not milliseconds).
///
/// If the ring runs dry before the producer has finished, the voice plays silence for the
/// missing frames and the underrun is counted; it never waits.
public final class StreamSource: @unchecked Sendable {
    /// Interleaved stereo samples; the producer writes whole frames.
    public let ring: SPSCRing<Float>
    private let finishedFlag = Atomic<Bool>(false)
    private let playedOutFlag = Atomic<Bool>(false)
    private let underrunCount = Atomic<Int>(0)
    /// The producer's sleep, which the mixer thread cuts short (`wakeProducerIfHalfEmpty`)
    /// instead of the producer looking again and again: a feeder that rests on it wakes when
    /// the mixer needs it, not on a timer.
    public let producerRest = WakeableSleep()

    /// A stream that can buffer at least `bufferFrames` frames ahead.
    public init(bufferFrames: Int) {
        ring = SPSCRing<Float>(minimumCapacity: bufferFrames * EngineFormat.channels)
    }

    // MARK: Producer (decoder thread)

    /// Whole frames the producer can write now.
    public var writableFrames: Int { ring.availableToWrite / EngineFormat.channels }

    /// Writes whole frames; returns how many frames were taken.
    /// Thread: the decoder's (the producer).
    @discardableResult
    public func write(frames source: UnsafeBufferPointer<Float>) -> Int {
        let whole = min(source.count, writableFrames * EngineFormat.channels)
        let written = ring.write(UnsafeBufferPointer(rebasing: source[0..<whole]))
        return written / EngineFormat.channels
    }

    /// The producer has written its last frame.
    /// Thread: the decoder's (the producer).
    public func finish() { finishedFlag.store(true, ordering: .releasing) }

    // MARK: Either side

    public var isFinished: Bool { finishedFlag.load(ordering: .acquiring) }

    /// The render thread has taken the last frame of a finished stream.
    public var isPlayedOut: Bool { playedOutFlag.load(ordering: .acquiring) }

    /// Render blocks that found the ring empty before the end of the stream.
    public var underruns: Int { underrunCount.load(ordering: .relaxed) }

    /// Whether half the ring or more is free to be filled.
    public var isHalfEmpty: Bool { ring.availableToWrite * 2 >= ring.capacity }

    // MARK: Consumer (render thread)

    /// Wakes a producer resting on `producerRest` once half the ring is free; a system call only
    /// when it sleeps. Thread: render, between bursts of blocks (live, the mixer thread, where
    /// it also signals the output thread), never inside a block.
    func wakeProducerIfHalfEmpty() {
        if isHalfEmpty && !isFinished { producerRest.wake() }
    }

    /// Whether `frames` frames can be rendered without an underrun: they are in the ring, or the
    /// stream has ended.
    /// Thread: render.
    func canRender(frames: Int) -> Bool {
        isFinished || ring.availableToRead >= frames * EngineFormat.channels
    }

    /// Reads up to `frames` frames into `destination`, filling any shortfall with silence.
    /// Returns the frames that came from the stream, and whether the stream has ended.
    /// Thread: render.
    func render(into destination: UnsafeMutablePointer<Float>, frames: Int) -> (read: Int, ended: Bool) {
        // Read the flag before the ring: if it says finished, everything is already in the ring.
        let finished = isFinished
        let got = ring.read(
            into: UnsafeMutableBufferPointer(
                start: destination,
                count: frames * EngineFormat.channels))
        let framesRead = got / EngineFormat.channels
        if framesRead < frames {
            (destination + framesRead * EngineFormat.channels)
                .update(repeating: 0, count: (frames - framesRead) * EngineFormat.channels)
            if !finished { underrunCount.add(1, ordering: .relaxed) }
        }
        let ended = finished && framesRead < frames
        if ended { playedOutFlag.store(true, ordering: .releasing) }
        return (framesRead, ended)
    }
}
