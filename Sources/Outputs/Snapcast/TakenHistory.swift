/// When snapserver took which frame, for the last `delay` and a little more: its clients play a
/// frame `delay` (the server's buffer) after the server took it from the pipe, so the frames
/// heard in the rooms now are the frames it had taken `delay` ago.
///
/// A fixed ring of (instant, frames taken) samples, allocated once: the output thread records
/// and asks on every write, and the render path allocates nothing.
struct TakenHistory: ~Copyable {
    /// Samples closer together than this are not kept: they add nothing to the line between them.
    static let spacingNanoseconds = 2_000_000

    private let instants: UnsafeMutablePointer<Int>
    private let frames: UnsafeMutablePointer<Int>
    private let capacity: Int
    private let delayNanoseconds: Int
    /// The oldest sample kept, and how many there are.
    private var oldest = 0
    private var count = 0

    /// - Parameters:
    ///   - delayNanoseconds: how long after being taken a frame is heard.
    ///   - start: the instant nothing had been taken yet.
    init(delayNanoseconds: Int, start: Int) {
        self.delayNanoseconds = max(0, delayNanoseconds)
        // Room for the delay at the closest spacing, and some more: a sample is dropped only
        // when it is older than the delay (or the ring is full, which costs precision only).
        capacity = self.delayNanoseconds / Self.spacingNanoseconds + 64
        instants = .allocate(capacity: capacity)
        frames = .allocate(capacity: capacity)
        instants.initialize(to: start)
        frames.initialize(to: 0)
        count = 1
    }

    deinit {
        instants.deallocate()
        frames.deallocate()
    }

    /// Notes that `taken` frames had been taken at `instant` (monotonic nanoseconds, never
    /// earlier than the last one noted).
    mutating func record(_ taken: Int, at instant: Int) {
        let newest = (oldest + count - 1) % capacity
        if instant - instants[newest] < Self.spacingNanoseconds {
            // Too close to keep both: the newest stands for both, its count raised.
            frames[newest] = max(frames[newest], taken)
            return
        }
        if count == capacity {
            oldest = (oldest + 1) % capacity
            count -= 1
        }
        let slot = (oldest + count) % capacity
        instants[slot] = instant
        frames[slot] = taken
        count += 1
    }

    /// The frames heard by `instant`: those taken `delay` before it, on the straight line between
    /// the two samples around that moment.
    mutating func heard(at instant: Int) -> Int {
        let moment = instant - delayNanoseconds
        // Asked in time order: a sample older than the one just before the moment is not needed again.
        while count > 1 && instants[(oldest + 1) % capacity] <= moment {
            oldest = (oldest + 1) % capacity
            count -= 1
        }
        // Before the oldest sample (the start, when nothing had been taken): what it says.
        guard instants[oldest] < moment else { return frames[oldest] }
        guard count > 1 else { return frames[oldest] }
        let next = (oldest + 1) % capacity
        let span = instants[next] - instants[oldest]
        let rise = frames[next] - frames[oldest]
        return frames[oldest] + Int(Double(rise) * Double(moment - instants[oldest]) / Double(span))
    }
}
