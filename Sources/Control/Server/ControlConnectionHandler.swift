import NIOCore

/// Reads a connection's lines, answers those that are not requests, and hands the rest to the
/// responder.
///
/// Thread: its channel's event loop (swift-nio calls every method there); it calls the responder there, which must return at once.
final class ControlConnectionHandler: ChannelInboundHandler, @unchecked Sendable {
    // @unchecked: NIO calls a handler on its channel's event loop only.
    typealias InboundIn = String
    typealias OutboundOut = ByteBuffer

    private let responder: any ControlResponder
    private let connection: ControlConnection

    init(responder: any ControlResponder, connection: ControlConnection) {
        self.responder = responder
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        IncomingMessage.receive(Self.unwrapInboundIn(data), from: connection, responder: responder)
    }

    func channelInactive(context: ChannelHandlerContext) {
        responder.closed(connection)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Whatever went wrong, the stream can no longer be read line by line: it is closed,
        // after the one line that says why when the line was too long.
        guard let tooLong = error as? LineTooLong else {
            context.close(promise: nil)
            return
        }
        let line = RPCMessage.error(.invalidRequest("a line is at most \(tooLong.limit) bytes; closing"), id: nil)
        var buffer = context.channel.allocator.buffer(capacity: line.utf8.count + 1)
        buffer.writeString(line + "\n")
        let channel = context.channel
        context.writeAndFlush(Self.wrapOutboundOut(buffer)).whenComplete { _ in channel.close(promise: nil) }
    }
}
