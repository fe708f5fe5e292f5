import Foundation
import NIOCore

/// Why the control socket could not be served or reached: one line each.
public enum ControlError: Error, Equatable, Sendable {
    case cannotListen(path: String, reason: String)
    /// Another service holds the socket's lock; its pid, when the lock file names one.
    case alreadyRunning(path: String, pid: Int32?)
    case cannotConnect(path: String, reason: String)
    case connectionLost(path: String)
    case timedOut(path: String)
    /// The client stopped waiting for a reply (`ControlClient.call`'s `meanwhile`).
    case abandoned(path: String)
    case badReply(String)
    /// The service answered with an error.
    case refused(RPCError)

    /// Why a socket could not be bound, as the C library says it ("Address already in use"),
    /// rather than NIO's description of the call that failed and its errno.
    static func reason(binding error: any Error) -> String {
        guard let error = error as? IOError else { return "\(error)" }
        return String(cString: strerror(error.errnoCode))
    }

    /// The reasons this module words itself, for a German line to know them.
    public static let pathTooLong = "the path is too long"
    public static let noLocalAddress = "no local address"
    public static let ownedByAnotherUser = " belongs to another user"

    public var line: String {
        switch self {
        case let .cannotListen(path, reason): "cannot listen on \(path): \(reason)"
        case let .alreadyRunning(path, pid):
            "a service is already running on \(path)" + (pid.map { " (pid \($0))" } ?? "")
        case let .cannotConnect(path, reason): "no service answers on \(path): \(reason)"
        case let .connectionLost(path): "the service on \(path) closed the connection"
        case let .timedOut(path): "the service on \(path) did not answer in time"
        case let .abandoned(path): "stopped waiting for the service on \(path)"
        case let .badReply(reason): "the service's reply cannot be read: \(reason)"
        case let .refused(error): error.message
        }
    }
}

extension ControlError: LocalizedError {
    public var errorDescription: String? { line }
}
