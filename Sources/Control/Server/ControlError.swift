import Foundation

/// Why the control socket could not be served or reached: one line each.
public enum ControlError: Error, Equatable, Sendable {
    case cannotListen(path: String, reason: String)
    /// Another service holds the socket's lock; its pid, when the lock file names one.
    case alreadyRunning(path: String, pid: Int32?)
    case cannotConnect(path: String, reason: String)
    case connectionLost(path: String)
    case timedOut(path: String)
    case badReply(String)
    /// The service answered with an error.
    case refused(RPCError)

    public var line: String {
        switch self {
        case let .cannotListen(path, reason): "cannot listen on \(path): \(reason)"
        case let .alreadyRunning(path, pid):
            "a service is already running on \(path)" + (pid.map { " (pid \($0))" } ?? "")
        case let .cannotConnect(path, reason): "no service answers on \(path): \(reason)"
        case let .connectionLost(path): "the service on \(path) closed the connection"
        case let .timedOut(path): "the service on \(path) did not answer in time"
        case let .badReply(reason): "the service's reply cannot be read: \(reason)"
        case let .refused(error): error.message
        }
    }
}

extension ControlError: LocalizedError {
    public var errorDescription: String? { line }
}
