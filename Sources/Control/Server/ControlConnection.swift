import NIOConcurrencyHelpers
import NIOCore
import NIOWebSocket
import Synchronization

/// One client's connection, as the rest of the service sees it: lines can be sent to it from
/// any thread, in order. What it has not yet read is bounded: past `maximumQueuedBytes` the
/// connection is closed, so a client that stops reading costs the service that much at most,
/// and never its time.
public final class ControlConnection: Sendable, Hashable {
    /// How a message travels: a line on the Unix socket, a text frame on a WebSocket.
    public enum Framing: Sendable {
        case lines
        case webSocket
    }

    private let channel: any Channel
    public let framing: Framing
    private let queued = Atomic<Int>(0)
    /// Requests handed to the service and not yet carried out.
    private let waiting = Atomic<Int>(0)
    private let maximumQueuedBytes: Int
    /// A number for the log.
    public let number: Int
    /// The language the client asked to be answered in (`hello`'s `lang`), if any.
    public var language: String? {
        get { askedLanguage.withLockedValue { $0 } }
        set { askedLanguage.withLockedValue { $0 = newValue } }
    }
    // A pthread mutex (NIOLock), which ThreadSanitizer understands.
    private let askedLanguage = NIOLockedValueBox<String?>(nil)

    init(channel: any Channel, number: Int, maximumQueuedBytes: Int, framing: Framing = .lines) {
        self.channel = channel
        self.framing = framing
        self.number = number
        self.maximumQueuedBytes = maximumQueuedBytes
    }

    /// Sends one message: a line (a newline is added) or a text frame. False when the
    /// connection is closed, or has just been closed because the client let too much pile up.
    @discardableResult
    public func send(_ line: String) -> Bool {
        let bytes = line.utf8.count + 1
        return enqueue(bytes) {
            var buffer = channel.allocator.buffer(capacity: bytes)
            buffer.writeString(line)
            switch framing {
            case .lines:
                buffer.writeInteger(UInt8(ascii: "\n"))
                return channel.writeAndFlush(buffer)
            case .webSocket:
                return channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .text, data: buffer))
            }
        }
    }

    /// Sends a WebSocket control frame (a pong, a ping), counted like any message: a client
    /// that sends pings and never reads the pongs is closed at the same bound. Uncounted, a
    /// million such pings grew the service by 380 MB.
    @discardableResult
    func send(control frame: WebSocketFrame) -> Bool {
        enqueue(frame.data.readableBytes + 2) { channel.writeAndFlush(frame) }
    }

    /// What a queued message costs beyond its bytes: NIO's bookkeeping for one pending write
    /// and its promise (measured: about 380 bytes for a pong of no payload).
    static let messageOverhead = 384

    /// Counts `bytes` (and the overhead) against the bound, then writes; past the bound, closes.
    private func enqueue(_ bytes: Int, write: () -> EventLoopFuture<Void>) -> Bool {
        guard channel.isActive else { return false }
        let cost = bytes + Self.messageOverhead
        let total = queued.add(cost, ordering: .relaxed).newValue
        guard total <= maximumQueuedBytes else {
            queued.subtract(cost, ordering: .relaxed)
            channel.close(promise: nil)
            return false
        }
        write().whenComplete { _ in self.queued.subtract(cost, ordering: .relaxed) }
        return true
    }

    /// How many requests of one client may wait for the service. Past it the connection is not
    /// read until the service has caught up: a client that sends faster than it is answered
    /// waits (its writes block), and what waits for it here stays bounded.
    public static let maximumWaiting = 16

    /// A request is handed to the service (on the connection's event loop): at the bound,
    /// reading stops.
    func requestTaken() {
        if waiting.add(1, ordering: .acquiringAndReleasing).newValue >= Self.maximumWaiting {
            channel.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in }
        }
    }

    /// The service has carried out one of this connection's requests (from any thread): below
    /// the bound again, reading goes on.
    public func requestDone() {
        guard waiting.subtract(1, ordering: .acquiringAndReleasing).newValue == Self.maximumWaiting - 1 else {
            return
        }
        let channel = self.channel
        channel.eventLoop.execute { [self] in
            // Another request may have reached the bound again meanwhile; its own `done` reopens.
            guard waiting.load(ordering: .acquiring) < Self.maximumWaiting else { return }
            channel.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in }
        }
    }

    /// Bytes sent that the client has not yet taken.
    public var queuedBytes: Int { queued.load(ordering: .relaxed) }

    public func close() {
        channel.close(promise: nil)
    }

    var closed: EventLoopFuture<Void> { channel.closeFuture }

    public static func == (lhs: ControlConnection, rhs: ControlConnection) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
