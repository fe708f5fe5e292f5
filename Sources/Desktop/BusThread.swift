import CSystemd
import Clock
import Foundation
import Rings

/// What every thread that owns a bus connection does alike: it leaves the stopping signals to
/// the main thread, and sleeps in poll() until the bus has something or its owner wakes it.
enum BusThread {
    /// The signals a process is stopped by go to its main thread, which looks for them.
    static func leaveSignalsToOthers() {
        var set = sigset_t()
        sigemptyset(&set)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGCHLD] {
            sigaddset(&set, number)
        }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Sleeps until `bus` (when there is one) has something, or `wakeUp` is woken: no timeout
    /// unless sd-bus has one pending (a call's).
    static func sleep(on bus: OpaquePointer?, wakeUp: WakePipe) {
        var descriptors = [pollfd(fd: wakeUp.descriptor, events: Int16(POLLIN), revents: 0)]
        var timeout: Int32 = -1
        if let bus {
            descriptors.append(
                pollfd(fd: sd_bus_get_fd(bus), events: Int16(truncatingIfNeeded: sd_bus_get_events(bus)), revents: 0))
            var until: UInt64 = 0
            if sd_bus_get_timeout(bus, &until) > 0, until != UInt64.max {
                let now = UInt64(max(0, MonotonicClock.seconds() * 1_000_000))
                timeout = until <= now ? 0 : Int32(clamping: (until - now + 999) / 1000)
            }
        }
        _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
        wakeUp.drain()
    }
}
