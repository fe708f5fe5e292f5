import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// The control socket: JSON-RPC 2.0, one message per line, on a Unix socket. One event-loop
/// thread reads every connection and hands requests to the responder; nothing here waits for
/// the engine.
public final class ControlServer: Sendable {
    public let path: String
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    /// Held for the service's life: while it is, this service alone owns the socket file.
    private let lock: ServiceLock
    /// Numbers every connection, on the socket and on the WebSocket, for the log.
    static let connections = Atomic<Int>(0)

    /// The longest line a client may send (a request is a few hundred bytes).
    public static let maximumLineBytes = 64 * 1024
    /// What a connection may leave unread before it is closed: some thousands of events.
    public static let maximumQueuedBytes = 1024 * 1024

    /// Connections open at once on the socket: the descriptor limit less what the service needs
    /// for itself (the sound output, the library, the engine's threads, the WebSocket's
    /// connections). More are closed as they come. At the limit itself, accepting failed with
    /// EMFILE again and again: the service spun at 100% CPU and no client got in.
    public static var maximumConnections: Int {
        var limit = rlimit()
        // (RLIM_INFINITY is all ones, which the import turns into a literal that does not fit.)
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else {
            return 4096
        }
        let reserved = 192
        return max(16, min(4096, Int(clamping: limit.rlim_cur) - reserved))
    }

    /// Listens on `path`. Its folder is made if missing, with `directoryMode`; the socket gets
    /// `socketMode`. The lock beside the socket decides which service serves on it: one that
    /// finds it held exits, touching nothing; the holder replaces a socket file left by a
    /// killed service.
    public init(
        path: String, directoryMode: mode_t = 0o700, socketMode: mode_t = 0o600,
        responder: any ControlResponder
    ) throws(ControlError) {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        try Self.prepare(folder: folder, mode: directoryMode, socket: path)
        lock = try ServiceLock(socket: path)
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let limit = ConnectionLimit(most: Self.maximumConnections)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 64)
            .childChannelInitializer { channel in
                guard limit.admit(channel) else { return channel.close() }
                return channel.eventLoop.makeCompletedFuture { try Self.configure(channel, responder: responder) }
            }
        do {
            channel = try bootstrap.bind(unixDomainSocketPath: path, cleanupExistingSocketFile: true).wait()
        } catch {
            try? group.syncShutdownGracefully()
            lock.release()
            throw .cannotListen(path: path, reason: ControlError.reason(binding: error))
        }
        guard chmod(path, socketMode) == 0 else {
            let reason = String(cString: strerror(errno))
            channel.close(promise: nil)
            try? group.syncShutdownGracefully()
            unlink(path)
            lock.release()
            throw .cannotListen(path: path, reason: reason)
        }
    }

    /// Stops listening, closes every connection, and removes the socket file: this service's
    /// own, since it still holds the lock, which it gives up last.
    public func close() {
        try? channel.close().wait()
        try? group.syncShutdownGracefully()
        unlink(path)
        lock.release()
    }

    private static func prepare(folder: String, mode: mode_t, socket: String) throws(ControlError) {
        var info = stat()
        if stat(folder, &info) != 0 {
            guard errno == ENOENT else {
                throw .cannotListen(path: socket, reason: String(cString: strerror(errno)))
            }
            do {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: mode])
            } catch {
                throw .cannotListen(path: socket, reason: error.localizedDescription)
            }
        }
        // A folder someone else made (in /tmp, say) would let them replace the socket.
        if stat(folder, &info) == 0, info.st_uid != getuid() {
            throw .cannotListen(path: socket, reason: folder + ControlError.ownedByAnotherUser)
        }
    }

    /// A connection's pipeline: lines of at most `maximumLineBytes`, each to the responder.
    /// Thread: the connection's event loop.
    static func configure(_ channel: any Channel, responder: any ControlResponder) throws {
        let number = connections.add(1, ordering: .relaxed).newValue
        let connection = ControlConnection(channel: channel, number: number, maximumQueuedBytes: maximumQueuedBytes)
        try channel.pipeline.syncOperations.addHandler(
            ByteToMessageHandler(LineFrameDecoder(maximumLength: maximumLineBytes)))
        try channel.pipeline.syncOperations.addHandler(
            ControlConnectionHandler(responder: responder, connection: connection))
    }
}
