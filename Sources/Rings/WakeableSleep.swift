import Dispatch
import Synchronization

/// One thread's sleep that another can cut short, paying for a wake-up (a futex system call)
/// only when the sleeper actually sleeps. The two sides of a ring use it to wait for each
/// other: the one that found the ring empty (or full) sleeps, the other wakes it once it has
/// made a batch ready.
///
/// Thread: `sleep` from one thread, `wake` from another (never the render thread, which may
/// make no system call).
public final class WakeableSleep: Sendable {
    private let sleeping = Atomic<Bool>(false)
    private let semaphore = DispatchSemaphore(value: 0)

    public init() {}

    /// Sleeps until `wake()` or `timeout`, unless `stillWanted` is false. It is asked after the
    /// sleeper has said it sleeps, so a batch made meanwhile is seen there, or its maker sees
    /// the flag and wakes it; the time-out covers what neither sees.
    public func sleep(timeout: DispatchTimeInterval, while stillWanted: () -> Bool = { true }) {
        sleeping.store(true, ordering: .sequentiallyConsistent)
        if stillWanted() {
            _ = semaphore.wait(timeout: .now() + timeout)
        }
        sleeping.store(false, ordering: .sequentiallyConsistent)
    }

    /// Wakes the sleeper, if it sleeps.
    public func wake() {
        if sleeping.exchange(false, ordering: .sequentiallyConsistent) { semaphore.signal() }
    }
}
