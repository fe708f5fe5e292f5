import CMalloc
import Clock

/// What keeps a service that runs for months well: systemd told how it is (ready, its status
/// line, watchdog pings), and the memory the sessions freed given back once nothing plays.
///
/// Thread: control (the service's main thread).
final class ServiceUpkeep {
    var notifier = SystemdNotifier()
    private var lastPing = 0.0
    /// When to give freed memory back (`trimSoon`), on the monotonic clock.
    private var trimDue: Double?

    /// How long after the last session ends the memory is given back: while `finish` runs, the
    /// session and its program are still held (by the loop that ticks them). Trimmed there,
    /// the heap kept 0.45 MiB more resident after a track and a sit; trimmed after, 0.2.
    static let trimDelaySeconds = 0.2

    /// Plans giving the memory the sessions freed back to the system, the caller having found
    /// nothing sounding: the decoder's and mixer's threads free into malloc's arenas, which
    /// otherwise keep it, and a service that runs for months must not grow by what it once played.
    func trimSoon() {
        trimDue = MonotonicClock.seconds() + Self.trimDelaySeconds
    }

    /// Gives back what malloc keeps, once the delay after the last session has passed and
    /// nothing (`silent`) has started since.
    func trimIfDue(silent: Bool) {
        guard let due = trimDue, MonotonicClock.seconds() >= due else { return }
        trimDue = nil
        guard silent else { return }
        malloc_trim(0)
        // The sessions' code too (decoders, the mixer, the output's library): a service that
        // played an hour kept 3.5 MiB more resident idle than before, most of it code.
        CodePages.giveBack()
    }

    /// Large blocks (a session's rings, the decoder's buffers) get pages of their own, given
    /// back when freed. glibc otherwise raises its threshold to the largest block freed, and
    /// the next session's rings land in the heap, where what stays around them pins their
    /// pages: measured, 1.1 MiB more kept idle after a track and a sit (the heap 1.6 MiB
    /// larger instead of 0.4), at no measurable cost in CPU.
    static func keepLargeBlocksApart() {
        _ = mallopt(M_MMAP_THRESHOLD, 64 * 1024)
        _ = mallopt(M_TRIM_THRESHOLD, 64 * 1024)
    }

    func pingWatchdog() {
        guard let watchdog = notifier.watchdogMilliseconds else { return }
        let now = MonotonicClock.seconds()
        if (now - lastPing) * 1000 >= Double(watchdog) * 0.9 {
            notifier.ping()
            lastPing = now
        }
    }

    /// How long the control thread may sleep before the watchdog wants a ping or the memory
    /// is to be given back; nil when neither is due.
    var dueMilliseconds: Int? {
        var limit = notifier.watchdogMilliseconds
        if let trimDue {
            let wait = max(0, Int(((trimDue - MonotonicClock.seconds()) * 1000).rounded(.up)))
            limit = min(limit ?? wait, wait)
        }
        return limit
    }
}
