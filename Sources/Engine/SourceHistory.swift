import Outputs
import Rings

/// The mixer's frames the output thread has taken from the ring, kept after they are written, so
/// that frames the device holds but has not played can be written again: after a pause's
/// fade-out, in place of a fade-out taken back, or to a device opened anew.
///
/// The frames stay in the ring the mixer rendered them into (its consumer keeps what it has
/// read until it releases it), numbered as the mixer rendered them: frame f is the ring's
/// elements 2f and 2f + 1. Owned by the output thread; never allocates.
struct SourceHistory: ~Copyable {
    /// Frames kept.
    let capacity: Int
    private let ring: RetainingRing<Float>
    /// The frame after the newest taken from the ring.
    private(set) var end = 0
    /// The next frame to write: before `end` while frames are written again.
    private(set) var next = 0

    /// Keeps `capacityFrames` frames of `ring`, whose capacity (an even number of samples) has
    /// room for them beside what the mixer renders ahead.
    /// Thread: output.
    init(keeping capacityFrames: Int, of ring: RetainingRing<Float>) {
        precondition(
            ring.capacity % 2 == 0 && ring.capacity / 2 > capacityFrames,
            "the ring holds whole frames, more than the history keeps")
        capacity = capacityFrames
        self.ring = ring
    }

    /// The oldest frame still kept.
    var oldest: Int { max(0, end - capacity) }

    /// Makes `frame` (clamped to what is kept) the next frame to write.
    /// Thread: output.
    mutating func rewind(to frame: Int) {
        next = min(end, max(oldest, frame))
    }

    /// The frame after the newest the mixer has rendered: taken, or waiting in the ring.
    /// Thread: output.
    var rendered: Int { end + ring.availableToRead / 2 }

    /// Frames `take` can give now, kept or waiting.
    /// Thread: output.
    var available: Int { rendered - next }

    /// Makes `frame`, which the mixer has rendered (`rendered` is past it), the next to write:
    /// the frames before it are never written (a seek cuts them out). False when it is not
    /// rendered yet, or lies before `next`.
    /// Thread: output.
    mutating func skip(to frame: Int) -> Bool {
        guard frame >= next, frame < rendered else { return false }
        if frame > end {
            ring.commitRead(2 * (frame - end))
            end = frame
            ring.release(upTo: 2 * oldest)
        }
        next = frame
        return true
    }

    /// Up to `frames` frames from `next` on, in one piece of storage; taken from the ring when
    /// every kept frame has been written. Empty when the ring is.
    /// Thread: output.
    mutating func take(upTo frames: Int) -> UnsafeBufferPointer<Float> {
        if next == end {
            let waiting = ring.readableSpan().count / 2
            let taken = min(frames, waiting)
            ring.commitRead(2 * taken)
            end += taken
            // What falls out of the history goes back to the mixer.
            ring.release(upTo: 2 * oldest)
        }
        let piece = ring.kept(from: 2 * next, count: 2 * min(frames, end - next))
        next += piece.count / 2
        return piece
    }
}
