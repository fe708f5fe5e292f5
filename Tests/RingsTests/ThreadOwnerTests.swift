import Foundation
import Rings
import Testing

/// Runs `body` on a new thread and waits until it has returned.
func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    Thread {
        body()
        done.signal()
    }.start()
    done.wait()
}

/// The ownership checks run in debug builds only (the TSan phase of `make test` is one); in a
/// release build these tests are skipped, since the checks compile to nothing there.
@Suite("Thread ownership checks", .enabled(if: ThreadOwner.isChecking))
struct ThreadOwnerTests {
    @Test("a ring's producer side used by a second thread while the first owns it stops the program")
    func secondProducerStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            // Given a ring whose producer side this thread has claimed by writing
            let ring = SPSCRing<Int>(minimumCapacity: 8)
            _ = ring.push(1)
            // When another thread writes too
            onAnotherThread { _ = ring.push(2) }
        }
    }

    @Test("after a hand-over the next thread owns the side, and the one before may not come back")
    func handOverMovesOwnership() async {
        // Given a ring written by this thread and handed over
        let ring = SPSCRing<Int>(minimumCapacity: 8)
        _ = ring.push(1)
        ring.handOverProducer()
        // When another thread writes, it owns the side (no stop)
        onAnotherThread { _ = ring.push(2) }
        // Then the reader sees both, in order
        #expect(ring.pop() == 1)
        #expect(ring.pop() == 2)
        // And a write from the first thread after the second's would stop the program
        await #expect(processExitsWith: .failure) {
            let ring = SPSCRing<Int>(minimumCapacity: 8)
            onAnotherThread { _ = ring.push(1) }
            _ = ring.push(2)
        }
    }
}
