import Glibc

/// When the output thread asks the server for the stream's timing.
///
/// libpulse's own updates come every 1.5 s, each a wake-up for its timer and another for the
/// reply, while the stream's clock is interpolated between updates and holds for seconds. So the
/// thread asks soon after the stream starts or its position jumps (an underrun, a rewrite), in
/// steps that double from 10 ms, and then every 4 s.
struct PulseTimingSchedule {
    static let firstNanoseconds: UInt64 = 10_000_000
    static let steadyNanoseconds: UInt64 = 4_000_000_000

    private var interval = firstNanoseconds
    private var lastAsked: UInt64?

    /// Asks again soon: the stream's position has jumped.
    mutating func restart() { interval = Self.firstNanoseconds }

    /// Whether to ask now, at most `cap` after the last time; if so, counts it as asked.
    mutating func isDue(cap: UInt64 = steadyNanoseconds) -> Bool {
        let now = Self.monotonicNanoseconds()
        if let lastAsked, now &- lastAsked < min(interval, cap) { return false }
        lastAsked = now
        interval = min(2 * interval, Self.steadyNanoseconds)
        return true
    }

    private static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
