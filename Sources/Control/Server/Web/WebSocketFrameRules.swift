import NIOCore
import NIOWebSocket

/// RFC 6455's rules for each frame a client sends, checked as it arrives, before fragments are
/// put together: 5.1, a client masks every frame; 5.2, no extension was agreed, so no RSV bit
/// may be set. Either is a protocol error, closed with 1002. (Checked after aggregation, a
/// message sent in fragments lost its mask there and was refused.)
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
        guard frame.maskKey != nil, !frame.rsv1, !frame.rsv2, !frame.rsv3 else {
            broken = true
            var code = context.channel.allocator.buffer(capacity: 2)
            code.write(webSocketErrorCode: .protocolError)
            let channel = context.channel
            context.writeAndFlush(Self.wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: code)))
                .whenComplete { _ in channel.close(promise: nil) }
            return
        }
        context.fireChannelRead(data)
    }
}
