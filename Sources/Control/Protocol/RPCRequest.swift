/// A JSON-RPC 2.0 request or notification, parsed from one line.
public struct RPCRequest: Sendable, Equatable {
    /// Nil for a notification, which gets no reply.
    public let id: JSONValue?
    public let method: String
    public let params: JSONValue

    public init(id: JSONValue?, method: String, params: JSONValue = .object([:])) {
        self.id = id
        self.method = method
        self.params = params
    }

    /// Reads one line. A line that is not JSON is a parse error; JSON that is not a request is an
    /// invalid request, with the id when it has one so that the client can match the reply.
    public static func parse(line: some StringProtocol) -> Result<RPCRequest, RPCFailure> {
        guard JSONValue.depth(of: line.utf8) <= JSONValue.maximumDepth else {
            return .failure(
                RPCFailure(id: nil, error: .parseError("nested deeper than \(JSONValue.maximumDepth) levels")))
        }
        guard let value = JSONValue.parse(line) else {
            return .failure(RPCFailure(id: nil, error: .parseError("not JSON")))
        }
        guard case let .object(members) = value else {
            return .failure(RPCFailure(id: nil, error: .invalidRequest("a request is a JSON object")))
        }
        let id = members["id"]
        if let id {
            switch id {
            case .string, .number, .null: break
            default: return .failure(RPCFailure(id: nil, error: .invalidRequest("id must be a string or a number")))
            }
        }
        guard members["jsonrpc"] == "2.0" else {
            return .failure(RPCFailure(id: id, error: .invalidRequest("jsonrpc must be \"2.0\"")))
        }
        guard let method = members["method"]?.stringValue else {
            return .failure(RPCFailure(id: id, error: .invalidRequest("method must be a string")))
        }
        let params = members["params"] ?? .object([:])
        switch params {
        case .object, .array: break
        default: return .failure(RPCFailure(id: id, error: .invalidRequest("params must be an object or an array")))
        }
        return .success(RPCRequest(id: id, method: method, params: params))
    }

    /// The line a client sends.
    public var line: String {
        var members: [String: JSONValue] = ["jsonrpc": "2.0", "method": .string(method), "params": params]
        if let id { members["id"] = id }
        return JSONValue.object(members).line
    }
}

/// A request that could not be read, with the id to answer it under (null when unknown).
public struct RPCFailure: Error, Sendable, Equatable {
    public let id: JSONValue?
    public let error: RPCError
}
