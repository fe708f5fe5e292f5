import NIOCore
import NIOHTTP1
import NIOPosix

/// Answers the HTTP requests that were not upgraded to the WebSocket: the page's files, a
/// refusal (401, 403) with nothing else in it, 426 for the WebSocket's path asked without an
/// upgrade, 404 for the rest. Each answer closes its connection: the page is three files, and a
/// connection kept open would count against the listener's bound for nothing.
///
/// A page asked for with the token in its address gets the token back as a cookie (HttpOnly,
/// SameSite=Strict): the page's WebSocket, opened from the same origin, carries it without the
/// page's script ever reading it, and the address can drop it.
///
/// Thread: its channel's event loop.
final class WebRequestHandler: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
    // @unchecked: NIO calls a handler on its channel's event loop only.
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let access: WebAccess
    private let pages: WebPages
    /// Where a feed's document is made: off the event loop.
    private let workers: NIOThreadPool
    private var head: HTTPRequestHead?

    init(access: WebAccess, pages: WebPages, workers: NIOThreadPool) {
        self.access = access
        self.pages = pages
        self.workers = workers
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch Self.unwrapInboundIn(data) {
        case let .head(requestHead): head = requestHead
        case .body: break
        case .end:
            guard let head else { return }
            self.head = nil
            respond(context: context, to: head)
        }
    }

    private func respond(context: ChannelHandlerContext, to head: HTTPRequestHead) {
        var headers = HTTPHeaders()
        headers.add(name: "connection", value: "close")
        headers.add(name: "cache-control", value: "no-store")
        let status: HTTPResponseStatus
        var body: [UInt8] = []
        // HEAD is told the length GET would send.
        var length = 0
        let path = WebAccess.path(of: head)
        switch access.verdict(for: head) {
        case .unauthorized:
            status = .unauthorized
            headers.add(name: "www-authenticate", value: "Bearer")
        case .forbidden:
            status = .forbidden
        case .allowed:
            if head.method != .GET && head.method != .HEAD {
                status = .methodNotAllowed
            } else if path == WebControlServer.webSocketPath {
                status = .upgradeRequired
                headers.add(name: "upgrade", value: "websocket")
            } else if let feed = pages.feed(at: path) {
                respond(context: context, to: head, with: feed)
                return
            } else if let page = pages.page(at: path) {
                status = .ok
                body = head.method == .GET ? page.body : []
                length = page.body.count
                headers.add(name: "content-type", value: page.contentType)
                Self.addPageHeaders(to: &headers)
                if access.token != nil, let token = WebAccess.tokenInQuery(of: head) {
                    headers.add(name: "set-cookie", value: Self.cookie(token))
                }
            } else {
                status = .notFound
            }
        }
        send(context: context, version: head.version, status: status, headers: headers, body: body, length: length)
    }

    /// A feed's document, made on a worker; 503 when it cannot be made now.
    private func respond(context: ChannelHandlerContext, to head: HTTPRequestHead, with feed: WebFeed) {
        let request = WebFeed.Request(
            query: WebAccess.query(of: head), acceptLanguage: head.headers.first(name: "accept-language"))
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        workers.runIfActive(eventLoop: context.eventLoop) { feed.make(request) }.whenComplete { result in
            // The asker may have gone while it was made (its handlers with it): nothing to answer.
            guard bound.value.channel.isActive else { return }
            var headers = HTTPHeaders()
            headers.add(name: "connection", value: "close")
            headers.add(name: "cache-control", value: "no-store")
            guard case let .success(made?) = result else {
                self.send(
                    context: bound.value, version: head.version, status: .serviceUnavailable, headers: headers,
                    body: [], length: 0)
                return
            }
            headers.add(name: "content-type", value: feed.contentType)
            headers.add(name: "x-content-type-options", value: "nosniff")
            self.send(
                context: bound.value, version: head.version, status: .ok, headers: headers,
                body: head.method == .GET ? made : [], length: made.count)
        }
    }

    /// Writes one answer and closes the connection.
    private func send(
        context: ChannelHandlerContext, version: HTTPVersion, status: HTTPResponseStatus, headers: HTTPHeaders,
        body: [UInt8], length: Int
    ) {
        var headers = headers
        headers.add(name: "content-length", value: String(length))
        let channel = context.channel
        context.write(
            Self.wrapOutboundOut(.head(HTTPResponseHead(version: version, status: status, headers: headers)))
        ).whenFailure { _ in channel.close(promise: nil) }
        if !body.isEmpty {
            context.write(Self.wrapOutboundOut(.body(.byteBuffer(channel.allocator.buffer(bytes: body)))), promise: nil)
        }
        context.writeAndFlush(Self.wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }

    /// The page runs only its own files, talks only to its own origin, is never framed by
    /// another page, and never sends its address (with the token in it) anywhere.
    private static func addPageHeaders(to headers: inout HTTPHeaders) {
        headers.add(
            name: "content-security-policy",
            value:
                "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                + "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
        headers.add(name: "x-content-type-options", value: "nosniff")
        headers.add(name: "referrer-policy", value: "no-referrer")
    }

    /// A year: the phone stays paired until the token is renewed.
    private static func cookie(_ token: String) -> String {
        "\(WebAccess.tokenName)=\(token); Path=/; Max-Age=31536000; HttpOnly; SameSite=Strict"
    }
}
