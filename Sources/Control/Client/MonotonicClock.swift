import Foundation

/// Seconds on the monotonic clock: for deadlines and spells, which a step of the wall clock
/// (NTP, a person setting the time) must not stretch or cut.
public enum MonotonicClock {
    public static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
