import NIOCore
import Synchronization

/// One client's connection, as the rest of the service sees it: lines can be sent to it from
/// any thread, in order. What it has not yet read is bounded: past `maximumQueuedBytes` the
/// connection is closed, so a client that stops reading costs the service that much at most,
/// and never its time.
public final class ControlConnection: Sendable, Hashable {
    private let channel: any Channel
    private let queued = Atomic<Int>(0)
    private let maximumQueuedBytes: Int
    /// A number for the log.
    public let number: Int

    init(channel: any Channel, number: Int, maximumQueuedBytes: Int) {
        self.channel = channel
        self.number = number
        self.maximumQueuedBytes = maximumQueuedBytes
    }

    /// Sends one line (a newline is added). False when the connection is closed, or has just
    /// been closed because the client let too much pile up.
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
        buffer.writeInteger(UInt8(ascii: "\n"))
        let written = channel.writeAndFlush(buffer)
        written.whenComplete { _ in self.queued.subtract(bytes, ordering: .relaxed) }
        return true
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
