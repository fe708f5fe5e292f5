import Foundation
import Synchronization

/// Runs `work` for indices 0..<count on several threads at once and hands the results back in
/// index order, each as soon as it is ready: the files of an import are decoded on every core
/// while their database writes and report lines stay in the order of the files.
///
/// Threads take the next index as they finish one, so the earliest results come first. The
/// results are kept until taken; with `ahead`, no more than that many are made or kept before
/// the taker has them (a merge's pieces hold thousands of records each: the readers would
/// otherwise hold a whole folder's while the one writer catches up).
public final class InOrderWorkers<Output: Sendable>: Sendable {
    private let count: Int
    private let results: Mutex<[Output?]>
    private let ready: [DispatchSemaphore]
    private let next = Atomic<Int>(0)
    /// A slot for each result that may be made before it is taken.
    private let slots: DispatchSemaphore
    private let cancelled = Atomic<Bool>(false)
    private let threadCount: Int
    /// The slots there are: a semaphore must not be let go with fewer than it began with.
    private let slotCount: Int

    /// Starts `threads` threads (at least one, at most `count`). `yielding` threads run at a
    /// lower priority than the thread that takes their results: where that one's work on each
    /// result is as long as the work that makes it (a merge's writes, its decoding), it is never
    /// the one kept waiting for a core, and the workers have every core it leaves.
    public init(
        count: Int, threads: Int, yielding: Bool = false, ahead: Int? = nil,
        work: @escaping @Sendable (Int) -> Output
    ) {
        self.count = max(0, count)
        results = Mutex([Output?](repeating: nil, count: self.count))
        ready = (0..<self.count).map { _ in DispatchSemaphore(value: 0) }
        slotCount = max(1, ahead ?? self.count)
        slots = DispatchSemaphore(value: slotCount)
        threadCount = min(max(1, threads), self.count)
        for _ in 0..<threadCount {
            let thread = Thread { [self] in
                if yielding {
                    // On Linux the nice value is each thread's own; 0 names this thread. A
                    // priority that cannot be lowered leaves the work as it was.
                    let which = __priority_which_t(PRIO_PROCESS.rawValue)
                    _ = setpriority(which, 0, getpriority(which, 0) + Self.yieldingNice)
                }
                while true {
                    // A slot first, then the lowest index not yet begun: the index the taker
                    // waits for is always among those begun, so it never waits for a slot.
                    slots.wait()
                    guard !cancelled.load(ordering: .acquiring) else {
                        slots.signal()
                        return
                    }
                    let index = next.add(1, ordering: .relaxed).oldValue
                    guard index < self.count else {
                        slots.signal()
                        return
                    }
                    let output = work(index)
                    results.withLock { $0[index] = output }
                    ready[index].signal()
                }
            }
            thread.name = "meditate-import"
            thread.start()
        }
    }

    /// How much lower a yielding worker runs: at nice 5 a thread gets a quarter of a core beside
    /// one at the taker's nice, and all of one that nothing else wants. (At 10 it shares cores
    /// evenly with a build's compilers at nice 10: a first merge beside one took 4.9 s, not 1;
    /// on an idle machine 5 and 10 measured alike.)
    static var yieldingNice: Int32 { 5 }

    /// The result for `index`, waiting for it if it is not ready yet. Each index is taken once.
    public func take(_ index: Int) -> Output? {
        guard index >= 0, index < count else { return nil }
        ready[index].wait()
        defer { slots.signal() }
        return results.withLock { results in
            defer { results[index] = nil }
            return results[index]
        }
    }

    /// Ends the threads after the work they have begun, when the taker stops before the last
    /// index (a write failed): none is left waiting for a slot that will never come.
    public func cancel() {
        cancelled.store(true, ordering: .releasing)
        // Every thread woken, and every slot a result not taken holds given back: libdispatch
        // stops a process that lets a semaphore go below the value it began with.
        for _ in 0..<(threadCount + slotCount) { slots.signal() }
    }
}
