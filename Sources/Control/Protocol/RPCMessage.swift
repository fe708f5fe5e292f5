/// The lines the service writes: replies to requests and notifications of events.
public enum RPCMessage {
    public static func result(_ result: JSONValue, id: JSONValue) -> String {
        JSONValue.object(["jsonrpc": "2.0", "id": id, "result": result]).line
    }

    public static func error(_ error: RPCError, id: JSONValue?) -> String {
        JSONValue.object(["jsonrpc": "2.0", "id": id ?? .null, "error": error.json]).line
    }

    /// An event for subscribers: `{"jsonrpc":"2.0","method":"event","params":{…}}`.
    public static func event(_ params: JSONValue) -> String {
        JSONValue.object(["jsonrpc": "2.0", "method": "event", "params": params]).line
    }
}
