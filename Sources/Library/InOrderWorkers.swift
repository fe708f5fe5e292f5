import Foundation
import Synchronization

/// Runs `work` for indices 0..<count on several threads at once and hands the results back in
/// index order, each as soon as it is ready: the files of an import are decoded on every core
/// while their database writes and report lines stay in the order of the files.
///
/// Threads take the next index as they finish one, so the earliest results come first. The
/// results are kept until taken; they are small (tags and figures, never audio).
public final class InOrderWorkers<Output: Sendable>: Sendable {
    private let count: Int
    private let results: Mutex<[Output?]>
    private let ready: [DispatchSemaphore]
    private let next = Atomic<Int>(0)

    /// Starts `threads` threads (at least one, at most `count`).
    public init(count: Int, threads: Int, work: @escaping @Sendable (Int) -> Output) {
        self.count = max(0, count)
        results = Mutex([Output?](repeating: nil, count: self.count))
        ready = (0..<self.count).map { _ in DispatchSemaphore(value: 0) }
        for _ in 0..<min(max(1, threads), self.count) {
            let thread = Thread { [self] in
                while true {
                    let index = next.add(1, ordering: .relaxed).oldValue
                    guard index < self.count else { return }
                    let output = work(index)
                    results.withLock { $0[index] = output }
                    ready[index].signal()
                }
            }
            thread.name = "meditate-import"
            thread.start()
        }
    }

    /// The result for `index`, waiting for it if it is not ready yet. Each index is taken once.
    public func take(_ index: Int) -> Output? {
        guard index >= 0, index < count else { return nil }
        ready[index].wait()
        return results.withLock { results in
            defer { results[index] = nil }
            return results[index]
        }
    }
}
