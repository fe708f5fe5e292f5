import Foundation

/// Real-time scheduling for the audio threads where the system grants it (an `rtprio` limit, or
/// root); elsewhere they keep the normal priority, which a 100 ms buffer tolerates.
enum ThreadPriority {
    /// Thread: the audio thread itself (mixer or output), as it starts: it changes the calling
    /// thread's scheduling only.
    static func requestRealtime() {
        var parameters = sched_param()
        parameters.sched_priority = 10
        _ = pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameters)
    }
}
