import Foundation
import Mixer

/// A streamed voice's chunk whose last frames stay unwritten until more follow, so that a stream
/// whose decoding fails part-way ends with a short fade instead of a step (a click). A guided
/// track's feeder and an ambience's share it.
///
/// Thread: the feeder's (or, offline, the render's).
final class HeldTail {
    /// Frames held back: 10 ms at 48 kHz, the fade a failure ends on.
    static let frames = 480
    /// Frames a chunk may add at once (`next` has room for them).
    let chunkFrames: Int
    private let buffer: UnsafeMutablePointer<Float>
    private(set) var heldFrames = 0

    init(chunkFrames: Int) {
        self.chunkFrames = chunkFrames
        buffer = .allocate(capacity: (chunkFrames + Self.frames) * EngineFormat.channels)
    }

    deinit { buffer.deallocate() }

    /// Where the next chunk's frames go, after those held.
    var next: UnsafeMutablePointer<Float> { buffer + heldFrames * EngineFormat.channels }

    /// Writes to `stream` what is held and the `count` frames put at `next`, all but the last
    /// `frames` of them; never more than `count` frames, so a chunk that fits the ring fits.
    func commit(_ count: Int, to stream: StreamSource) {
        let total = heldFrames + count
        let ready = max(0, total - Self.frames)
        stream.write(frames: UnsafeBufferPointer(start: buffer, count: ready * EngineFormat.channels))
        heldFrames = total - ready
        memmove(
            buffer, buffer + ready * EngineFormat.channels,
            heldFrames * EngineFormat.channels * MemoryLayout<Float>.size)
    }

    /// Fades what is held to silence: the stream ends there.
    func fadeOut() {
        var fade = GainRamp(value: 1)
        fade.ramp(to: 0, frames: heldFrames, curve: .linear)
        fade.apply(to: buffer, frames: heldFrames)
    }

    /// Writes what is held and finishes `stream`, once the ring has room for it; whether it did.
    func flushAndFinish(_ stream: StreamSource) -> Bool {
        guard stream.writableFrames >= heldFrames else { return false }
        stream.write(frames: UnsafeBufferPointer(start: buffer, count: heldFrames * EngineFormat.channels))
        heldFrames = 0
        stream.finish()
        return true
    }
}
