import Control
import Foundation
import NIOConcurrencyHelpers

/// Where the control socket's requests wait for the service's control thread: the socket's
/// event loop appends and wakes it (a pipe it sleeps on), and never waits for it.
///
/// Thread: `respond` and `closed` on the event loops, `wake` on any, `take` on control; the
/// jobs are behind a lock held for an append or a swap.
package final class ServiceInbox: ControlResponder {
    struct Job: Sendable {
        let request: RPCRequest
        let connection: ControlConnection
    }

    // A pthread mutex (NIOLock), which ThreadSanitizer understands (see EventHub).
    private let jobs = NIOLockedValueBox<[Job]>([])
    /// Written to wake the control thread; read by it (poll) when it sleeps.
    private let wakeWrite: Int32
    private let wakeRead: Int32
    let hub = EventHub()

    package init() throws(ControlError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw .cannotListen(path: "pipe", reason: String(cString: strerror(errno)))
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        wakeRead = ends[0]
        wakeWrite = ends[1]
        Interruption.wake(through: wakeWrite)
    }

    deinit {
        Interruption.wake(through: -1)
        close(wakeRead)
        close(wakeWrite)
    }

    package func respond(to request: RPCRequest, from connection: ControlConnection) {
        jobs.withLockedValue { $0.append(Job(request: request, connection: connection)) }
        wake()
    }

    package func closed(_ connection: ControlConnection) {
        hub.unsubscribe(connection)
    }

    func wake() {
        // A full pipe already holds a wake-up.
        var one: UInt8 = 1
        _ = write(wakeWrite, &one, 1)
    }

    /// The jobs waiting, oldest first; clears the wake-up.
    func take() -> [Job] {
        var drained = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &drained, drained.count) > 0 {}
        return jobs.withLockedValue { jobs in
            defer { jobs.removeAll() }
            return jobs
        }
    }

    /// Sleeps until a request comes, a signal arrives, or `milliseconds` pass (-1: no limit).
    func sleep(milliseconds: Int) {
        var descriptor = pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, Int32(clamping: milliseconds))
    }
}
