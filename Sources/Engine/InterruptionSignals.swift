import Glibc

/// The signals that end a session early (Ctrl-C, SIGTERM, a closed terminal, Ctrl-\\, and the
/// user signals, whose default would kill the process without a record or a restored
/// terminal), in one place for the thread that handles them and the audio threads that leave
/// them to it.
public enum InterruptionSignals {
    public static let numbers: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2]

    /// Blocks (`SIG_BLOCK`) or unblocks (`SIG_UNBLOCK`) them for the calling thread. Thread: any;
    /// the audio threads block them as they start, so that only the control side sees a signal.
    public static func mask(_ how: Int32) {
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in numbers { sigaddset(&signals, number) }
        pthread_sigmask(how, &signals, nil)
    }
}
