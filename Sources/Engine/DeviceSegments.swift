import Outputs

/// Which of the mixer's frames the device was given at each of its own frames, for as far back
/// as it may still play them: the device's frames and the mixer's part where playback paused
/// (the device plays silence) or where frames were written again.
///
/// Owned by the output thread; never allocates after `init`.
struct DeviceSegments: ~Copyable {
    private struct Segment {
        var deviceStart: Int
        /// The mixer frame at `deviceStart`; for silence, the frame playback stands at.
        var sourceStart: Int
        var silent: Bool
    }

    private let capacity = 64
    private let segments: UnsafeMutablePointer<Segment>
    private var count = 0

    /// Thread: output.
    init() {
        segments = .allocate(capacity: capacity)
    }

    deinit { segments.deallocate() }

    /// Records that device frames from `device` on carry mixer frames from `source` on (or,
    /// when `silent`, silence while playback stands at `source`).
    /// Thread: output.
    mutating func wrote(atDevice device: Int, source: Int, silent: Bool) {
        if count > 0 {
            let last = segments[count - 1]
            let continues =
                last.silent
                ? silent && last.sourceStart == source
                : !silent && last.sourceStart + (device - last.deviceStart) == source
            if continues { return }
        }
        if count == capacity {
            // The oldest segment matters least: the device has long played it.
            dropFirst(1)
        }
        segments[count] = Segment(deviceStart: device, sourceStart: source, silent: silent)
        count += 1
    }

    /// Forgets what was written at `device` and after: it is about to be written again.
    /// Thread: output.
    mutating func truncate(atDevice device: Int) {
        while count > 0 && segments[count - 1].deviceStart >= device { count -= 1 }
    }

    /// Forgets segments the device has played past entirely.
    /// Thread: output.
    mutating func forget(before device: Int) {
        var drop = 0
        while drop + 1 < count && segments[drop + 1].deviceStart <= device { drop += 1 }
        if drop > 0 { dropFirst(drop) }
    }

    /// Thread: output.
    private mutating func dropFirst(_ drop: Int) {
        for index in drop..<count { segments[index - drop] = segments[index] }
        count -= drop
    }

    /// The mixer frame at device frame `device` (for silence, where playback stands); nil before
    /// the first frame recorded.
    /// Thread: output.
    func source(atDevice device: Int) -> Int? {
        var index = count - 1
        while index >= 0 && segments[index].deviceStart > device { index -= 1 }
        guard index >= 0 else { return nil }
        let segment = segments[index]
        return segment.silent ? segment.sourceStart : segment.sourceStart + (device - segment.deviceStart)
    }

    /// Device frame minus mixer frame where the newest mixer frames were written: where a mixer
    /// frame not yet written will be played, if playback goes on without a pause.
    /// Thread: output.
    var deviceOffset: Int {
        guard count > 0 else { return 0 }
        let last = segments[count - 1]
        return last.deviceStart - last.sourceStart
    }
}
