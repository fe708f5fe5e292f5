import CSystemd
import Foundation

/// logind's block on sleep and idle while a session plays, as players and browsers hold one: a
/// laptop on battery must not suspend in the middle of a sit. Held as the file descriptor logind
/// hands out; closing it (`release`, or the process ending) lets the machine sleep again.
public final class SleepInhibitor {
    private var descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { release() }

    /// Asks logind on `bus` (the system bus) for the block, saying `why` ("Sit · 20 min, …").
    public static func take(on bus: DesktopBus, why: String) throws(DesktopBusError) -> SleepInhibitor {
        let descriptor = try bus.call(
            destination: "org.freedesktop.login1", path: "/org/freedesktop/login1",
            interface: "org.freedesktop.login1.Manager", member: "Inhibit",
            arguments: [.string("sleep:idle"), .string("meditate"), .string(why), .string("block")]
        ) { (reply) throws(DesktopBusError) -> Int32 in
            var handed: Int32 = -1
            let read = sd_bus_message_read_basic(reply, CChar(bitPattern: UInt8(ascii: "h")), &handed)
            guard read > 0, handed >= 0 else { throw DesktopBusError(status: min(read, -EBADMSG), call: "Inhibit") }
            // The reply owns the descriptor it carries: ours is a copy that outlives it.
            let copy = fcntl(handed, F_DUPFD_CLOEXEC, 3)
            guard copy >= 0 else { throw DesktopBusError(status: -errno, call: "Inhibit") }
            return copy
        }
        return SleepInhibitor(descriptor: descriptor)
    }

    /// Lets the machine sleep again; once.
    public func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }
}
