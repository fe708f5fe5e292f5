import Foundation

/// Real-time scheduling for the audio threads where the system grants it (an `rtprio` limit, or
/// root); elsewhere they keep the normal priority, which a 100 ms buffer tolerates.
enum ThreadPriority {
    static func requestRealtime() {
        var parameters = sched_param()
        parameters.sched_priority = 10
        _ = pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameters)
    }

    /// Leaves Ctrl-C, SIGTERM and SIGHUP to the control thread: delivered there, they cut its
    /// wait short, so it can sleep long between polls and still answer a signal at once.
    static func blockInterruptions() {
        InterruptionSignals.mask(SIG_BLOCK)
    }
}
