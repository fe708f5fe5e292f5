import CTimerFD
import Foundation

/// A timer on the wall clock (a timerfd on CLOCK_REALTIME) that the control thread sleeps on
/// beside its wake-up pipe: it fires at the instant a schedule is due however the clock is set
/// meanwhile (NTP setting a Raspberry Pi's clock after boot), and wakes the thread when the clock
/// is set, so that an idle service need not look at the clock every few seconds.
///
/// Thread: control (Sendable: it holds a descriptor only, and the kernel serialises its calls).
final class WallClockAlarm: Sendable {
    let descriptor: Int32

    /// Nil where the kernel gives no timerfd: the schedule then looks at the clock as before.
    init?() {
        let descriptor = meditate_wall_timer_create()
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Fires at `instant`, or never (nil).
    func arm(at instant: Date?) {
        guard let instant else {
            _ = meditate_wall_timer_arm(descriptor, 0, 0)
            return
        }
        // A moment before 1970, or one a clock cannot hold, fires at once.
        let seconds = instant.timeIntervalSince1970
        guard seconds.isFinite, seconds >= 1, seconds < 1e15 else {
            _ = meditate_wall_timer_arm(descriptor, 0, 1)
            return
        }
        let whole = seconds.rounded(.down)
        let nanoseconds = min(999_999_999, max(0, Int((seconds - whole) * 1e9)))
        _ = meditate_wall_timer_arm(descriptor, Int64(whole), nanoseconds)
    }

    /// Clears what woke the thread.
    func drain() {
        _ = meditate_wall_timer_drain(descriptor)
    }
}
