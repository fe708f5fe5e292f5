import NIOCore

/// Closes a connection that has not become a WebSocket (or been answered) when the
/// IdleStateHandler before it says nothing was read for a while: someone on the network who
/// opens connections and sends nothing holds none of them for long. Removed, with that
/// IdleStateHandler, at the upgrade: a WebSocket may be quiet for hours.
final class HandshakeDeadline: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
    // @unchecked: NIO calls a handler on its channel's event loop only.
    typealias InboundIn = NIOAny

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }
}
