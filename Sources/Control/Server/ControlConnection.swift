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
        guard channel.isActive else { return false }
        let bytes = line.utf8.count + 1
        let total = queued.add(bytes, ordering: .relaxed).newValue
        guard total <= maximumQueuedBytes else {
            channel.close(promise: nil)
            return false
        }
        var buffer = channel.allocator.buffer(capacity: bytes)
        buffer.writeString(line)
        let written: EventLoopFuture<Void>
        switch framing {
        case .lines:
            buffer.writeInteger(UInt8(ascii: "\n"))
            written = channel.writeAndFlush(buffer)
        case .webSocket:
            written = channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .text, data: buffer))
        }
        written.whenComplete { _ in self.queued.subtract(bytes, ordering: .relaxed) }
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
