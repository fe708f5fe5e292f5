import Foundation
import Synchronization

/// Ctrl-C, SIGTERM or a closed terminal: stop between blocks (a render) or fade out (a live
/// session) and clean up, instead of dying mid-write.
enum Interruption {
    private static let flag = Atomic<Bool>(false)

    static var requested: Bool { flag.load(ordering: .relaxed) }

    static func install() {
        signal(SIGINT) { _ in Interruption.flag.store(true, ordering: .relaxed) }
        signal(SIGTERM) { _ in Interruption.flag.store(true, ordering: .relaxed) }
        signal(SIGHUP) { _ in Interruption.flag.store(true, ordering: .relaxed) }
        // A parent may hand down a mask that blocks them (a thread pool's, say); a blocked
        // signal would wait forever instead of stopping the render.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGHUP)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}
