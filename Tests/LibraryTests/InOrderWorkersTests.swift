import Foundation
import Synchronization
import Testing

@testable import Library

@Suite("work on every core, handed back in order")
struct InOrderWorkersTests {
    @Test("with a window, no more results are made than the taker has not yet taken, and all come in order")
    func windowBoundsWhatIsMade() throws {
        // Given 200 pieces of work on four threads, at most three ahead of the taker
        let begun = Atomic<Int>(0)
        let workers = InOrderWorkers(count: 200, threads: 4, ahead: 3) { index in
            begun.add(1, ordering: .relaxed)
            return index
        }
        defer { workers.cancel() }

        // When the taker is slow, and takes them one by one
        var taken: [Int] = []
        var mostAhead = 0
        for index in 0..<200 {
            Thread.sleep(forTimeInterval: index < 5 ? 0.05 : 0)
            mostAhead = max(mostAhead, begun.load(ordering: .relaxed) - taken.count)
            taken.append(try #require(workers.take(index)))
        }

        // Then each came in its order, and never more than three were begun ahead of the taker
        #expect(taken == Array(0..<200))
        #expect(mostAhead <= 3, "\(mostAhead)")
    }

    @Test("a taker that stops early ends the threads waiting for a slot, and lets the workers go")
    func cancelEndsTheThreads() throws {
        // Given work whose taker stops after three of a thousand
        let finished = Atomic<Int>(0)
        do {
            let workers = InOrderWorkers(count: 1000, threads: 4, ahead: 2) { index in index }
            for index in 0..<3 { _ = workers.take(index) }
            // When it cancels
            workers.cancel()
            finished.store(1, ordering: .relaxed)
        }
        // Then it returns at once, and the process goes on (no semaphore is let go below its value)
        Thread.sleep(forTimeInterval: 0.2)
        #expect(finished.load(ordering: .relaxed) == 1)
    }
}
