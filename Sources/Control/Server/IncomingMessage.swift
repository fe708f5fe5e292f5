/// One message a client sent, a line on the Unix socket or a text frame on a WebSocket: a
/// request goes to the responder, anything else is answered with the JSON-RPC error at once.
enum IncomingMessage {
    static func receive(_ text: String, from connection: ControlConnection, responder: any ControlResponder) {
        // Blank messages between requests are allowed (a person typing into socat).
        guard text.contains(where: { !$0.isWhitespace }) else { return }
        switch RPCRequest.parse(line: text) {
        case let .success(request):
            connection.requestTaken()
            responder.respond(to: request, from: connection)
        case let .failure(failure): connection.send(RPCMessage.error(failure.error, id: failure.id))
        }
    }
}
