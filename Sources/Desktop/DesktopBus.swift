import CSystemd
import Foundation

/// A connection to the desktop's session bus or to the system bus, through sd-bus, for the few
/// calls meditate makes there (logind's sleep inhibitor, a notification). Where there is no bus
/// (a Pi, a container, a service without a desktop) `open` gives nil and nothing else happens.
///
/// Thread: the one that made it (sd-bus connections are not shared between threads); never an
/// audio thread, whose rules a blocking call would break.
public final class DesktopBus {
    /// The connection, for this module's own uses of sd-bus on the thread that owns it.
    let bus: OpaquePointer

    /// Which bus: the system's (logind) or the session's (notifications).
    public enum Kind: Sendable {
        case system, session
    }

    /// How long a call may wait for its answer: a bus that hangs must not hold a sit.
    static let callTimeoutMicroseconds: UInt64 = 500_000

    private init(bus: OpaquePointer) {
        self.bus = bus
    }

    deinit { sd_bus_flush_close_unref(bus) }

    /// The bus, or nil (with the reason) when there is none. sd-bus reads
    /// DBUS_SYSTEM_BUS_ADDRESS and DBUS_SESSION_BUS_ADDRESS, as every D-Bus client does.
    public static func open(_ kind: Kind) -> Result<DesktopBus, DesktopBusError> {
        var bus: OpaquePointer?
        let status = kind == .system ? sd_bus_open_system(&bus) : sd_bus_open_user(&bus)
        guard status >= 0, let bus else { return .failure(DesktopBusError(status: status, call: "open")) }
        return .success(DesktopBus(bus: bus))
    }

    /// Calls `member` with `arguments` and hands its reply to `read` while it lives.
    func call<T>(
        destination: String, path: String, interface: String, member: String,
        arguments: [DesktopBusArgument], timeoutMicroseconds: UInt64 = callTimeoutMicroseconds,
        read: (OpaquePointer) throws(DesktopBusError) -> T
    ) throws(DesktopBusError) -> T {
        var message: OpaquePointer?
        let made = sd_bus_message_new_method_call(bus, &message, destination, path, interface, member)
        guard made >= 0, let message else { throw DesktopBusError(status: made, call: member) }
        defer { sd_bus_message_unref(message) }
        for argument in arguments {
            let appended = argument.append(to: message)
            guard appended >= 0 else { throw DesktopBusError(status: appended, call: member) }
        }
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        let called = sd_bus_call(bus, message, timeoutMicroseconds, &error, &reply)
        guard called >= 0, let reply else {
            let name = error.name.map { String(cString: $0) }
            throw DesktopBusError(status: called, call: member, name: name)
        }
        defer { sd_bus_message_unref(reply) }
        return try read(reply)
    }

    /// Calls `member` with `arguments` for what it does, not for an answer.
    func call(
        destination: String, path: String, interface: String, member: String, arguments: [DesktopBusArgument] = []
    ) throws(DesktopBusError) {
        try call(
            destination: destination, path: path, interface: interface, member: member, arguments: arguments
        ) { _ throws(DesktopBusError) in }
    }
}
