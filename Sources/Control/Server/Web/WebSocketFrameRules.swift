import NIOCore
import NIOWebSocket

/// RFC 6455's rules for each frame a client sends, checked as it arrives, before fragments are
/// put together: 5.1, a client masks every frame; 5.2, no extension was agreed, so no RSV bit
/// may be set, and an opcode the RFC reserves (3-7, B-F) means nothing. Each is a protocol
/// error, closed with 1002. (Checked after aggregation, a message sent in fragments lost its
/// mask there and was refused.)
/// Thread: the connection's event loop.
final class WebSocketFrameRules: ChannelInboundHandler, @unchecked Sendable {
    // @unchecked: NIO calls a handler on its channel's event loop only.
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// Once a frame broke a rule, nothing more is read from the connection.
    private var broken = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !broken else { return }
        let frame = Self.unwrapInboundIn(data)
        guard frame.maskKey != nil, !frame.rsv1, !frame.rsv2, !frame.rsv3, Self.defined.contains(frame.opcode) else {
            broken = true
            Self.close(context, code: .protocolError)
            return
        }
        context.fireChannelRead(data)
    }

    /// The opcodes RFC 6455 defines (5.2).
    static let defined: [WebSocketOpcode] = [.continuation, .text, .binary, .connectionClose, .ping, .pong]

    /// Sends a close frame of `code`, then closes the connection.
    /// Thread: the connection's event loop.
    static func close(_ context: ChannelHandlerContext, code: WebSocketErrorCode) {
        var data = context.channel.allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: code)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)))
            .whenComplete { _ in channel.close(promise: nil) }
    }
}
