import NIOCore

/// Closes a connection that has not become a WebSocket (or been answered) in time. Two limits:
/// the IdleStateHandler before it says nothing was read for a while (someone on the network
/// who opens connections and sends nothing), and a deadline from the connection's start that
/// no reading moves: a client that sends its request head a byte every few seconds
/// (slowloris) held its connection for as long as it liked, and 64 of them kept the page and
/// the WebSocket out of reach. Removed, with that IdleStateHandler, at the upgrade: a WebSocket
/// may be quiet for hours.
///
/// Thread: its channel's event loop.
final class HandshakeDeadline: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
    // @unchecked: NIO calls a handler on its channel's event loop only.
    typealias InboundIn = NIOAny

    private let seconds: Int64
    private var deadline: Scheduled<Void>?

    init(seconds: Int64) {
        self.seconds = seconds
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: .seconds(seconds)) { channel.close(promise: nil) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }
}
