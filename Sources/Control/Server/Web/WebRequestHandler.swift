import Dispatch
import NIOConcurrencyHelpers
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

    /// A feed's document, made on a worker; 503 when it cannot be made now. A document of one
    /// piece is sent with its length; a longer one as it is made (chunked), each piece written
    /// before the next is made, within `pieceDeadline`.
    private func respond(context: ChannelHandlerContext, to head: HTTPRequestHead, with feed: WebFeed) {
        let request = WebFeed.Request(
            query: WebAccess.query(of: head), acceptLanguage: head.headers.first(name: "accept-language"))
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        let channel = context.channel
        let version = head.version
        // The request is whole: the handshake's limits are done with, and the answer has its own
        // (each piece written within `pieceDeadline`, all within `feedDeadline`). A calendar of a
        // million sits takes longer than a handshake may.
        context.pipeline.syncOperations.removeHandler(name: WebControlServer.handshakeIdleName, promise: nil)
        context.pipeline.syncOperations.removeHandler(name: WebControlServer.handshakeDeadlineName, promise: nil)
        let began = DispatchTime.now()
        let whole = head.method == .GET
        var headers = HTTPHeaders()
        headers.add(name: "connection", value: "close")
        headers.add(name: "cache-control", value: "no-store")
        let answered = headers
        headers.add(name: "content-type", value: feed.contentType)
        headers.add(name: "x-content-type-options", value: "nosniff")
        let okHeaders = headers
        workers.runIfActive(eventLoop: context.eventLoop) { () -> FeedOutcome in
            var first: [UInt8]?
            var streaming = false
            var cut = false
            let made = feed.make(request) { piece in
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - began.uptimeNanoseconds) / 1e9
                guard channel.isActive, elapsed < Self.feedDeadline else {
                    cut = true
                    return false
                }
                if !streaming, first == nil {
                    first = piece
                    return true
                }
                if !streaming {
                    streaming = true
                    channel.write(
                        HTTPServerResponsePart.head(
                            HTTPResponseHead(version: version, status: .ok, headers: okHeaders)),
                        promise: nil)
                    guard whole else { return false }
                    guard Self.written(channel, first ?? [], within: Self.pieceDeadline) else {
                        cut = true
                        return false
                    }
                    first = nil
                }
                guard Self.written(channel, piece, within: Self.pieceDeadline) else {
                    cut = true
                    return false
                }
                return true
            }
            if streaming { return made && !cut ? .ended : .cut }
            return made ? .whole(first ?? []) : .unmade
        }.whenComplete { result in
            // The asker may have gone while it was made (its handlers with it): nothing to answer.
            guard bound.value.channel.isActive else { return }
            switch result {
            case .success(.whole(let body)):
                self.send(
                    context: bound.value, version: version, status: .ok, headers: okHeaders,
                    body: whole ? body : [], length: body.count)
            case .success(.ended):
                bound.value.writeAndFlush(Self.wrapOutboundOut(.end(nil))).whenComplete { _ in
                    channel.close(promise: nil)
                }
            case .success(.cut):
                // Cut off without its end: the asker sees a document cut short, never a whole one.
                channel.close(promise: nil)
            case .success(.unmade), .failure:
                self.send(
                    context: bound.value, version: version, status: .serviceUnavailable, headers: answered,
                    body: [], length: 0)
            }
        }
    }

    /// How a feed's document went: made in one piece, sent to its end, cut off, or not made.
    private enum FeedOutcome: Sendable {
        case whole([UInt8])
        case ended
        case cut
        case unmade
    }

    /// The longest a piece of a feed may wait to be written: an asker that reads no faster is
    /// let go, and the feed's read of the library with it.
    static let pieceDeadline = 10.0
    /// The longest a feed's answer may take, however steadily it is read.
    static let feedDeadline = 300.0

    /// Writes `bytes` as a piece of the body from a worker thread and waits until it is
    /// written, at most `seconds`.
    private static func written(_ channel: any Channel, _ bytes: [UInt8], within seconds: Double) -> Bool {
        let done = DispatchSemaphore(value: 0)
        let succeeded = NIOLockedValueBox(false)
        channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(channel.allocator.buffer(bytes: bytes))))
            .whenComplete { result in
                if case .success = result { succeeded.withLockedValue { $0 = true } }
                done.signal()
            }
        guard done.wait(timeout: .now() + seconds) == .success else { return false }
        return succeeded.withLockedValue { $0 }
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
