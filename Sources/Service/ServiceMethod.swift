import Control

/// One method of the service's protocol: its name, the type its params decode into, and what
/// answers it. `ServiceMethods.all` is the one table of them.
struct ServiceMethod: Sendable {
    let name: String
    /// The params' type, by name (`NoParams` for none; `JSONValue` where the schedule's own
    /// reader takes them, as `meditate schedule` does without a service).
    let params: String
    /// Thread: control (the service's main thread), with the conductor, the request and the
    /// connection it came on. A params that does not decode is `invalidParams` with its line.
    let answer: @Sendable (ServiceConductor, RPCRequest, ControlConnection) throws(RPCError) -> JSONValue

    init<Params: Decodable & Sendable>(
        _ name: String, _ params: Params.Type,
        answer: @escaping @Sendable (ServiceConductor, Params, ControlConnection) throws(RPCError) -> JSONValue
    ) {
        self.name = name
        self.params = String(describing: params)
        self.answer = { conductor, request, connection throws(RPCError) in
            try answer(conductor, ParamsDecoder.decode(Params.self, request.params), connection)
        }
    }
}
