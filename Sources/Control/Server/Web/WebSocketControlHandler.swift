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
            // RFC 6455 8.1: a text message that is not UTF-8 fails the connection with 1007.
            guard let text = String(validating: frame.unmaskedData.readableBytesView, as: UTF8.self) else {
                WebSocketFrameRules.close(context, code: .dataInconsistentWithMessage)
                return
            }
            IncomingMessage.receive(text, from: connection, responder: responder)
        case .binary:
            connection.send(RPCMessage.error(.invalidRequest("send JSON-RPC as text messages"), id: nil))
        case .ping:
            connection.send(control: WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData))
        case .connectionClose:
            // The close is returned with the client's code, then the connection ends; a code
            // no endpoint may send (7.4: below 1000, 1004-1006, 1015, 1012-2999 unassigned) or a
            // body of one byte is a protocol error (1002).
            var body = frame.unmaskedData
            let channel = context.channel
            guard body.readableBytes > 0 else {
                let reply = WebSocketFrame(fin: true, opcode: .connectionClose, data: body)
                context.writeAndFlush(Self.wrapOutboundOut(reply)).whenComplete { _ in channel.close(promise: nil) }
                return
            }
            guard let code = body.readInteger(as: UInt16.self), Self.mayBeSent(code) else {
                WebSocketFrameRules.close(context, code: .protocolError)
                return
            }
            var echoed = context.channel.allocator.buffer(capacity: 2)
            echoed.writeInteger(code)
            let reply = WebSocketFrame(fin: true, opcode: .connectionClose, data: echoed)
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
        // Fragments put together past the limit: 1009, as RFC 6455 7.4.1 says; fragments out of
        // order: 1002.
        if let error = error as? NIOWebSocketFrameAggregator.Error {
            switch error {
            case .accumulatedFrameSizeIsTooLarge, .tooManyFragments:
                WebSocketFrameRules.close(context, code: .messageTooLarge)
            case .nonFinalFragmentSizeIsTooSmall, .receivedNewFrameWithoutFinishingPrevious,
                .didReceiveFragmentBeforeReceivingTextOrBinaryFrame:
                WebSocketFrameRules.close(context, code: .protocolError)
            }
            return
        }
        context.close(promise: nil)
    }

    /// Whether a close code is one an endpoint may send (RFC 6455 7.4).
    static func mayBeSent(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1011, 3000...4999: true
        default: false
        }
    }
}
