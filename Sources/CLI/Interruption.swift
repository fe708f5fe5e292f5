import Foundation
import Outputs
import Synchronization

/// Ctrl-C, SIGTERM or a closed terminal: stop between blocks (a render) or fade out (a live
/// session) and clean up, instead of dying mid-write.
enum Interruption {
    private static let flag = Atomic<Bool>(false)

    static var requested: Bool { flag.load(ordering: .relaxed) }

    /// Sleeps up to `milliseconds`, less when a signal arrives: poll() is never restarted after
    /// a handler, and the audio threads leave these signals to this one.
    static func wait(milliseconds: Int32) {
        _ = poll(nil, 0, milliseconds)
    }

    static func install() {
        for number in InterruptionSignals.numbers {
            // A hang-up or interrupt ignored by whoever started us (nohup, a background job of a
            // script) stays ignored: the session then outlives its terminal, as asked.
            if number == SIGHUP || number == SIGINT {
                var current = sigaction()
                if sigaction(number, nil, &current) == 0,
                    unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
                        == unsafeBitCast(SIG_IGN, to: Int.self)
                {
                    continue
                }
            }
            signal(number) { _ in Interruption.flag.store(true, ordering: .relaxed) }
        }
        // A parent may hand down a mask that blocks them (a thread pool's, say); a blocked
        // signal would wait forever instead of stopping the render.
        InterruptionSignals.mask(SIG_UNBLOCK)
    }
}
