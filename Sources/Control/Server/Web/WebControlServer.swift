import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// The control protocol over a WebSocket on TCP (`meditate serve --listen`): the same JSON-RPC
/// messages, one per text message, answered by the same responder as the Unix socket, and the
/// phone's page that speaks it. Who may connect is `WebAccess`'s to say, on each request.
public final class WebControlServer: Sendable {
    /// Where the WebSocket is: `ws://host:port/rpc`.
    public static let webSocketPath = "/rpc"

    /// The address and port listened on (the port the system chose, when asked for 0).
    public let host: String
    public let port: Int
    /// True when only this machine can reach it.
    public let isLoopback: Bool
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    private let open = NIOLockedValueBox<[Int: ControlConnection]>([:])
    /// One thread that makes feeds' documents (the calendar), one request after another.
    private let workers: NIOThreadPool

    /// Connections open at once, WebSockets and requests before their upgrade; more are
    /// closed as they come.
    public static let maximumConnections = 64
    /// Of those, what one address on the network may hold (loopback has no share: a reverse
    /// proxy or a tunnel brings every phone from there).
    public static let maximumConnectionsPerAddress = 16
    /// How long a connection may send nothing before it has become a WebSocket, and how long
    /// it may stay one that has not, whatever it sends.
    public static let handshakeSeconds: Int64 = 10
    /// The names of the handshake's two limits in a connection's pipeline: a feed, once its
    /// request is whole, is answered under limits of its own (`WebRequestHandler`).
    static let handshakeIdleName = "handshake-idle"
    static let handshakeDeadlineName = "handshake-deadline"
    /// How long a WebSocket may be quiet before it is pinged; one quiet that long again after
    /// the ping ends it.
    public static let pingSeconds: Int64 = 15

    /// Listens on `host:port`; `access(isLoopback)` gives the rule for who may connect, once the
    /// address is bound and known to be loopback or not.
    public init(
        host: String, port: Int, responder: any ControlResponder, pages: WebPages = WebPages(),
        access makeAccess: (_ isLoopback: Bool) throws(ControlError) -> WebAccess
    ) throws(ControlError) {
        let address = "\(host):\(port)"
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let workers = NIOThreadPool(numberOfThreads: 1)
        workers.start()
        self.workers = workers
        let accessBox = NIOLockedValueBox<WebAccess?>(nil)
        let open = self.open
        let limit = ConnectionLimit(
            most: Self.maximumConnections, mostPerSource: Self.maximumConnectionsPerAddress)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                let admitted = limit.admit(channel)
                guard let access = accessBox.withLockedValue({ $0 }), admitted else {
                    return channel.close()
                }
                return channel.eventLoop.makeCompletedFuture {
                    try Self.configure(
                        channel, access: access, responder: responder, pages: pages, workers: workers, open: open)
                }
            }
        do {
            channel = try bootstrap.bind(host: host, port: port).wait()
        } catch {
            try? group.syncShutdownGracefully()
            try? workers.syncShutdownGracefully()
            throw .cannotListen(path: address, reason: ControlError.reason(binding: error))
        }
        guard let local = channel.localAddress, let boundPort = local.port else {
            channel.close(promise: nil)
            try? group.syncShutdownGracefully()
            try? workers.syncShutdownGracefully()
            throw .cannotListen(path: address, reason: ControlError.noLocalAddress)
        }
        self.host = host
        self.port = boundPort
        isLoopback = ConnectionSource.isLoopback(local)
        do {
            let access = try makeAccess(isLoopback)
            accessBox.withLockedValue { $0 = access }
        } catch {
            channel.close(promise: nil)
            try? group.syncShutdownGracefully()
            try? workers.syncShutdownGracefully()
            throw error
        }
    }

    /// Ends every WebSocket connection (a new token: the old sessions must pair again).
    public func disconnectAll() {
        for connection in open.withLockedValue({ Array($0.values) }) { connection.close() }
    }

    /// How many WebSocket connections are open.
    public var connectionCount: Int { open.withLockedValue { $0.count } }

    /// Stops listening and closes every connection.
    public func close() {
        disconnectAll()
        try? channel.close().wait()
        try? group.syncShutdownGracefully()
        try? workers.syncShutdownGracefully()
    }

    /// A connection's pipeline: the HTTP request (the page, or the upgrade), then WebSocket
    /// frames. Thread: the connection's event loop.
    static func configure(
        _ channel: any Channel, access: WebAccess, responder: any ControlResponder, pages: WebPages,
        workers: NIOThreadPool, open: NIOLockedValueBox<[Int: ControlConnection]>
    ) throws {
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: ControlServer.maximumLineBytes,
            shouldUpgrade: { channel, head in
                let allowed = WebAccess.path(of: head) == webSocketPath && access.verdict(for: head) == .allowed
                // Refused here, the request goes on to WebRequestHandler, which says why.
                return channel.eventLoop.makeSucceededFuture(allowed ? HTTPHeaders() : nil)
            },
            upgradePipelineHandler: { channel, _ in
                let number = ControlServer.connections.add(1, ordering: .relaxed).newValue
                let connection = ControlConnection(
                    channel: channel, number: number, maximumQueuedBytes: ControlServer.maximumQueuedBytes,
                    framing: .webSocket)
                open.withLockedValue { $0[number] = connection }
                channel.closeFuture.whenComplete { _ in _ = open.withLockedValue { $0.removeValue(forKey: number) } }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(WebSocketFrameRules())
                    // A message may come in fragments; put together, it is held to the same
                    // limit as a line on the Unix socket.
                    try channel.pipeline.syncOperations.addHandler(
                        NIOWebSocketFrameAggregator(
                            minNonFinalFragmentSize: 1, maxAccumulatedFrameCount: 64,
                            maxAccumulatedFrameSize: ControlServer.maximumLineBytes))
                    try channel.pipeline.syncOperations.addHandler(
                        IdleStateHandler(readTimeout: .seconds(pingSeconds)))
                    try channel.pipeline.syncOperations.addHandler(
                        WebSocketControlHandler(responder: responder, connection: connection))
                }
            })
        let requests = WebRequestHandler(access: access, pages: pages, workers: workers)
        let idle = IdleStateHandler(readTimeout: .seconds(handshakeSeconds))
        let idleName = Self.handshakeIdleName
        let deadline = HandshakeDeadline(seconds: handshakeSeconds)
        try channel.pipeline.syncOperations.addHandler(idle, name: idleName)
        try channel.pipeline.syncOperations.addHandler(deadline, name: Self.handshakeDeadlineName)
        try channel.pipeline.syncOperations.configureHTTPServerPipeline(
            withServerUpgrade: (
                upgraders: [upgrader],
                completionHandler: { context in
                    context.pipeline.syncOperations.removeHandler(requests, promise: nil)
                    context.pipeline.syncOperations.removeHandler(deadline, promise: nil)
                    // By name: the handler itself is not Sendable.
                    context.pipeline.syncOperations.removeHandler(name: idleName, promise: nil)
                }
            ))
        try channel.pipeline.syncOperations.addHandler(requests)
    }
}
