import Mixer

/// The mixer's frames the output thread has taken from the ring, kept after they are written, so
/// that frames the device holds but has not played can be written again: after a pause's
/// fade-out, in place of a fade-out taken back, or to a device opened anew.
///
/// Frames are numbered as the mixer rendered them. Owned by the output thread; never allocates
/// after `init`.
struct SourceHistory: ~Copyable {
    /// Frames kept.
    let capacity: Int
    private let samples: UnsafeMutablePointer<Float>
    /// The frame after the newest taken from the ring.
    private(set) var end = 0
    /// The next frame to write: before `end` while frames are written again.
    private(set) var next = 0

    init(capacityFrames: Int) {
        capacity = capacityFrames
        samples = .allocate(capacity: 2 * capacityFrames)
        samples.initialize(repeating: 0, count: 2 * capacityFrames)
    }

    deinit { samples.deallocate() }

    /// The oldest frame still kept.
    var oldest: Int { max(0, end - capacity) }

    /// Makes `frame` (clamped to what is kept) the next frame to write.
    mutating func rewind(to frame: Int) {
        next = min(end, max(oldest, frame))
    }

    /// Up to `frames` frames from `next` on, in one piece of storage; taken from `ring` when
    /// every kept frame has been written. Empty when the ring is.
    mutating func take(upTo frames: Int, from ring: SPSCRing<Float>) -> UnsafeBufferPointer<Float> {
        if next == end {
            let slot = end % capacity
            let room = min(frames, capacity - slot)
            let read = ring.read(into: UnsafeMutableBufferPointer(start: samples + 2 * slot, count: 2 * room)) / 2
            end += read
        }
        let slot = next % capacity
        let count = min(frames, end - next, capacity - slot)
        next += count
        return UnsafeBufferPointer(start: samples + 2 * slot, count: 2 * count)
    }
}
