import Foundation

/// A JSON-RPC 2.0 error object: a code, the one line a person reads, and optional data.
public struct RPCError: Error, Sendable, Equatable {
    public let code: Int
    public let message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public var json: JSONValue {
        var members: [String: JSONValue] = ["code": .number(code), "message": .string(message)]
        if let data { members["data"] = data }
        return .object(members)
    }

    // The codes JSON-RPC 2.0 reserves.
    public static func parseError(_ reason: String) -> RPCError { RPCError(code: -32700, message: reason) }
    public static func invalidRequest(_ reason: String) -> RPCError { RPCError(code: -32600, message: reason) }
    public static func methodNotFound(_ method: String) -> RPCError {
        RPCError(code: -32601, message: "no method '\(method)'")
    }
    public static func invalidParams(_ reason: String) -> RPCError { RPCError(code: -32602, message: reason) }
    public static func internalError(_ reason: String) -> RPCError { RPCError(code: -32603, message: reason) }

    // meditate's own, in the range JSON-RPC leaves to applications.
    /// The request is well formed but the engine's state does not allow it (nothing to pause).
    public static func refused(_ reason: String) -> RPCError { RPCError(code: -32000, message: reason) }
    /// The engine could not do it (the device failed to open, a file is unreadable).
    public static func failed(_ reason: String) -> RPCError { RPCError(code: -32001, message: reason) }
}

extension RPCError: LocalizedError {
    public var errorDescription: String? { message }
}
