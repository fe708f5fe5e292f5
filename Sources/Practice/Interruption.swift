import Engine
import Foundation
import Outputs
import Settings
import Synchronization

/// Ctrl-C, SIGTERM or a closed terminal: stop between blocks (a render) or fade out (a live
/// session) and clean up, instead of dying mid-write.
package enum Interruption {
    private static let flag = Atomic<Bool>(false)
    private static let last = Atomic<Int32>(0)
    /// A pipe the handler writes a byte to (-1: none): the service's control thread sleeps on
    /// it. A signal the kernel hands to another thread (any thread that has not blocked it)
    /// would otherwise set the flag and wake nobody, and a sleep with nothing due is endless.
    private static let wakeDescriptor = Atomic<Int32>(-1)

    /// Has each of these signals also write a byte to `descriptor` (non-blocking).
    package static func wake(through descriptor: Int32) {
        wakeDescriptor.store(descriptor, ordering: .releasing)
    }

    package static var requested: Bool { flag.load(ordering: .relaxed) }

    /// The last of them that came (0: none): a sit followed in the service ends on Ctrl-C, and
    /// leaves the service's sit playing on a hang-up or SIGTERM.
    package static var lastSignal: Int32 { last.load(ordering: .relaxed) }

    /// Sleeps up to `milliseconds`, less when a signal arrives (poll() is never restarted after
    /// a handler, and the audio threads leave these signals to this one) or `descriptor` has
    /// something to read.
    package static func wait(milliseconds: Int32, orUntilReadable descriptor: Int32? = nil) {
        guard let descriptor else {
            _ = poll(nil, 0, milliseconds)
            return
        }
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&watched, 1, milliseconds)
    }

    /// Blocks these signals on this thread, and so on every thread it starts until `install`
    /// unblocks them here: they then wake this thread, not one that would not look.
    package static func blockForThreadsStartedNow() {
        InterruptionSignals.mask(SIG_BLOCK)
    }

    package static func install() {
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
            signal(number) { number in
                Interruption.last.store(number, ordering: .relaxed)
                Interruption.flag.store(true, ordering: .relaxed)
                // write(2) is async-signal-safe; a full pipe already holds a wake-up.
                let descriptor = Interruption.wakeDescriptor.load(ordering: .acquiring)
                if descriptor >= 0 {
                    var byte: UInt8 = 1
                    _ = write(descriptor, &byte, 1)
                }
            }
        }
        // A parent may hand down a mask that blocks them (a thread pool's, say); a blocked
        // signal would wait forever instead of stopping the render.
        InterruptionSignals.mask(SIG_UNBLOCK)
    }
}
