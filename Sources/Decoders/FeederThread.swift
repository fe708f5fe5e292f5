import Dispatch
import Foundation
import Rings
import Synchronization

/// A thread that keeps a ring filled ahead of its consumer: the one mechanism behind both
/// decoders that run ahead (`DecodeAhead` for a reader that resamples, `TrackStreamer` for the
/// render thread).
///
/// The body fills until the ring is full, then `sleep`s until the consumer `wake`s it or the
/// time-out passes. A consumer that may not make system calls (the render thread) never wakes
/// it, and the time-out alone paces the feeder; one that may (a reader thread) wakes it only
/// when it has freed a batch and the feeder sleeps, since each wake-up is a costly futex call.
/// `stop` asks the body to return (it checks `isStopRequested`) and waits until it has.
///
/// Thread: `start` and `stop` from the owner's thread; `sleep` and `isStopRequested` from the
/// feeder thread; `wake` from the consumer's.
public final class FeederThread: Sendable {
    private let stopRequested = Atomic<Bool>(false)
    private let rest: WakeableSleep
    private let exited = DispatchSemaphore(value: 0)
    private let running = Atomic<Bool>(false)
    private let name: String

    /// `name` is the thread's, as `top -H` and `perf` show it (15 bytes at most: Linux refuses
    /// a longer one). `rest` is the sleep its consumer wakes: a stream's own
    /// (`StreamSource.producerRest`), which the mixer thread wakes when it has taken half the
    /// stream, or one of its own.
    public init(name: String, rest: WakeableSleep = WakeableSleep()) {
        self.name = name
        self.rest = rest
    }

    /// Runs `body` on a new thread. Thread: the owner's.
    public func start(_ body: @escaping @Sendable () -> Void) {
        stopRequested.store(false, ordering: .relaxed)
        running.store(true, ordering: .relaxed)
        let thread = Thread { [self] in
            // Named from inside: Foundation does not give the kernel a name set before the start.
            Thread.current.name = name
            body()
            exited.signal()
        }
        thread.start()
    }

    /// Asks the body to return, wakes it, and waits until it has; at once when it is not
    /// running. Returns whether it was. Thread: the owner's.
    @discardableResult
    public func stop() -> Bool {
        guard running.exchange(false, ordering: .acquiringAndReleasing) else { return false }
        stopRequested.store(true, ordering: .sequentiallyConsistent)
        wake()
        exited.wait()
        return true
    }

    /// Whether `stop` has been called. Thread: the feeder's.
    public var isStopRequested: Bool { stopRequested.load(ordering: .sequentiallyConsistent) }

    /// Sleeps until `wake()` or `timeout`, unless `stillWanted` (asked after the feeder has said
    /// it sleeps, so that room freed meanwhile is seen) is false or a stop was asked for.
    /// Thread: the feeder's.
    public func sleep(timeout: DispatchTimeInterval, while stillWanted: () -> Bool = { true }) {
        rest.sleep(timeout: timeout) { stillWanted() && !isStopRequested }
    }

    /// Wakes the feeder if it sleeps (a system call only then). Thread: the consumer's, never
    /// the render thread.
    public func wake() {
        rest.wake()
    }
}
