import NIOCore
import NIOWebSocket

/// The control protocol on a WebSocket: each text message is one JSON-RPC message, as a line
/// is on the Unix socket, answered through the same responder. Pings are answered; a close
/// is returned and the connection ends.
///
/// A peer that has gone without a word (a phone asleep, Wi-Fi changed) leaves a connection
/// that nothing would ever end on a quiet service, and enough of them fill the listener's
/// bound: after a quiet spell (`IdleStateHandler`'s read timeout) the service pings, and a
/// second quiet spell with no answer ends the connection.
///
/// Thread: its channel's event loop; it hands each message to the responder there.
final class WebSocketControlHandler: ChannelInboundHandler, @unchecked Sendable {
    // @unchecked: NIO calls a handler on its channel's event loop only.
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let responder: any ControlResponder
    private let connection: ControlConnection
    /// A ping was sent after a quiet spell, and nothing has come since.
    private var pingUnanswered = false

    init(responder: any ControlResponder, connection: ControlConnection) {
        self.responder = responder
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // Masked and without RSV bits: `WebSocketFrameRules` has seen to it, frame by frame.
        let frame = Self.unwrapInboundIn(data)
        pingUnanswered = false
        switch frame.opcode {
        case .text:
            IncomingMessage.receive(String(buffer: frame.unmaskedData), from: connection, responder: responder)
        case .binary:
            connection.send(RPCMessage.error(.invalidRequest("send JSON-RPC as text messages"), id: nil))
        case .ping:
            connection.send(control: WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData))
        case .connectionClose:
            // The close is returned with the client's code, then the connection ends.
            var code = frame.unmaskedData
            let reply = WebSocketFrame(
                fin: true, opcode: .connectionClose, data: code.readSlice(length: min(2, code.readableBytes)) ?? code)
            let channel = context.channel
            context.writeAndFlush(Self.wrapOutboundOut(reply)).whenComplete { _ in channel.close(promise: nil) }
        default:
            break
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard case IdleStateHandler.IdleStateEvent.read = event else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        if pingUnanswered {
            context.close(promise: nil)
            return
        }
        pingUnanswered = true
        connection.send(
            control: WebSocketFrame(
                fin: true, opcode: .ping, data: context.channel.allocator.buffer(string: "meditate")))
    }

    func channelInactive(context: ChannelHandlerContext) {
        responder.closed(connection)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
