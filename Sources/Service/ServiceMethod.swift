import Control

/// One method of the service's protocol: its name, what its params are (as docs/protocol.md
/// says them), and what answers it. `ServiceConductor.methods` is the one table of them.
struct ServiceMethod: Sendable {
    let name: String
    /// The params it takes, in a few words; empty for none.
    let params: String
    /// Runs on the control thread, with the conductor, the request and the connection it came on.
    let answer: @Sendable (ServiceConductor, RPCRequest, ControlConnection) throws(RPCError) -> JSONValue
}
