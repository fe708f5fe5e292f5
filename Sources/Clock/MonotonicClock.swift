import Glibc

/// The one monotonic clock (CLOCK_MONOTONIC) every thread times with: deadlines and spells that
/// a step of the wall clock (NTP, a person setting the time) must not stretch or cut, and the
/// instant a device reported its played frames. Callable from any thread; it never blocks or
/// allocates, so the audio threads may read it too.
public enum MonotonicClock {
    /// Seconds since an arbitrary start (the boot).
    public static func seconds() -> Double {
        Double(nanoseconds()) / 1e9
    }

    /// Nanoseconds since the same start.
    public static func nanoseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1_000_000_000 + now.tv_nsec
    }
}
