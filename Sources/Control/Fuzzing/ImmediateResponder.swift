/// The service, as far as `WireReplay` needs one: every request is answered at once with its
/// method's name (a notification with nothing), as the service answers, through the
/// connection.
struct ImmediateResponder: ControlResponder {
    func respond(to request: RPCRequest, from connection: ControlConnection) {
        if let id = request.id { connection.send(RPCMessage.result(["method": .string(request.method)], id: id)) }
        connection.requestDone()
    }

    func closed(_ connection: ControlConnection) {}
}
