import NIOCore
import NIOHTTP1

/// Answers the HTTP requests that were not upgraded to the WebSocket: a refusal (401, 403)
/// with nothing else in it, 426 for the WebSocket's path asked without an upgrade, 404 for
/// the rest. Each answer closes its connection: nothing here is worth keeping one open for.
final class WebRequestHandler: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
    // @unchecked: NIO calls a handler on its channel's event loop only.
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let access: WebAccess
    private var head: HTTPRequestHead?

    init(access: WebAccess) {
        self.access = access
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch Self.unwrapInboundIn(data) {
        case let .head(requestHead): head = requestHead
        case .body: break
        case .end:
            guard let head else { return }
            self.head = nil
            respond(context: context, status: status(for: head), version: head.version)
        }
    }

    private func status(for head: HTTPRequestHead) -> HTTPResponseStatus {
        switch access.verdict(for: head) {
        case .unauthorized: return .unauthorized
        case .forbidden: return .forbidden
        case .allowed: break
        }
        guard head.method == .GET || head.method == .HEAD else { return .methodNotAllowed }
        return WebAccess.path(of: head) == WebControlServer.webSocketPath ? .upgradeRequired : .notFound
    }

    private func respond(context: ChannelHandlerContext, status: HTTPResponseStatus, version: HTTPVersion) {
        var headers = HTTPHeaders()
        headers.add(name: "content-length", value: "0")
        headers.add(name: "connection", value: "close")
        headers.add(name: "cache-control", value: "no-store")
        if status == .upgradeRequired { headers.add(name: "upgrade", value: "websocket") }
        if status == .unauthorized { headers.add(name: "www-authenticate", value: "Bearer") }
        let channel = context.channel
        context.write(Self.wrapOutboundOut(.head(HTTPResponseHead(version: version, status: status, headers: headers))))
            .whenFailure { _ in channel.close(promise: nil) }
        context.writeAndFlush(Self.wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}
