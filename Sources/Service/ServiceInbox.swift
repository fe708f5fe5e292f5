import Control
import Foundation
import NIOConcurrencyHelpers
import Practice
import Rings

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
    /// What another thread took into the index from other devices' files (`HistoryWatcher`).
    private let arrived = NIOLockedValueBox(ChangedElsewhere())
    /// Written to wake the control thread (by a signal handler too); polled by it when it sleeps.
    private let wakeUp: WakePipe
    let hub = EventHub()

    package init() throws(ControlError) {
        guard let wakeUp = WakePipe() else {
            throw .cannotListen(path: "pipe", reason: String(cString: strerror(errno)))
        }
        self.wakeUp = wakeUp
        Interruption.wake(through: wakeUp.wakingDescriptor)
    }

    deinit {
        Interruption.wake(through: -1)
    }

    package func respond(to request: RPCRequest, from connection: ControlConnection) {
        jobs.withLockedValue { $0.append(Job(request: request, connection: connection)) }
        wake()
    }

    package func closed(_ connection: ControlConnection) {
        hub.unsubscribe(connection)
    }

    func wake() {
        wakeUp.wake()
    }

    /// Tells the control thread what another device changed in the index, and wakes it.
    package func changedElsewhere(_ changed: ChangedElsewhere) {
        arrived.withLockedValue { $0.formUnion(changed) }
        wake()
    }

    /// What another device changed since the last call.
    func takeChangedElsewhere() -> ChangedElsewhere {
        arrived.withLockedValue { arrived in
            defer { arrived = [] }
            return arrived
        }
    }

    /// The jobs waiting, oldest first; clears the wake-up.
    func take() -> [Job] {
        wakeUp.drain()
        return jobs.withLockedValue { jobs in
            defer { jobs.removeAll() }
            return jobs
        }
    }

    /// The schedules' timer on the wall clock, slept on with the wake-up pipe; nil where the
    /// kernel has none.
    let alarm = WallClockAlarm()

    /// Sleeps until a request comes, a signal arrives, the alarm fires or the wall clock is set,
    /// or `milliseconds` pass (-1: no limit).
    func sleep(milliseconds: Int) {
        var descriptors = [pollfd(fd: wakeUp.descriptor, events: Int16(POLLIN), revents: 0)]
        if let alarm { descriptors.append(pollfd(fd: alarm.descriptor, events: Int16(POLLIN), revents: 0)) }
        _ = poll(&descriptors, nfds_t(descriptors.count), Int32(clamping: milliseconds))
        alarm?.drain()
    }
}
