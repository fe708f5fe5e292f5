/// What answers requests: the service. `respond` is called on the connection's event-loop
/// thread and must not block it; the reply is sent later, from any thread, through
/// `connection.send` (or not at all, for a notification: `request.id` is nil), and then
/// `connection.requestDone()`, for every request: until then it counts against the bound of
/// requests a connection may have waiting.
public protocol ControlResponder: Sendable {
    func respond(to request: RPCRequest, from connection: ControlConnection)
    /// The connection has closed: what it subscribed to ends with it.
    func closed(_ connection: ControlConnection)
}
