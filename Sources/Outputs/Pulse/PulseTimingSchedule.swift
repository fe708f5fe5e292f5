import Clock
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

    /// The wait after the next ask.
    private var interval = firstNanoseconds
    /// The wait after the last ask.
    private var wait: UInt64 = 0
    private var lastAsked: UInt64?

    /// Asks at the next chance, then again in steps from 10 ms: the stream's position has jumped.
    mutating func restart() {
        wait = 0
        interval = Self.firstNanoseconds
    }

    /// Whether to ask at `now` (monotonic nanoseconds), at most `cap` after the last time; if so,
    /// counts it as asked.
    mutating func isDue(at now: UInt64 = UInt64(MonotonicClock.nanoseconds()), cap: UInt64 = steadyNanoseconds) -> Bool
    {
        if let lastAsked, now &- lastAsked < min(wait, cap) { return false }
        lastAsked = now
        wait = interval
        interval = min(2 * interval, Self.steadyNanoseconds)
        return true
    }
}
