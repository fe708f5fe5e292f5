import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// A WebSocket to another machine's service (`meditate ctl --host`): the protocol's messages,
/// one per text message, through SwiftNIO's client upgrade (its key, its check of the server's
/// accept, masked frames). Blocking for the one thread that uses it; an event loop thread of
/// its own inside, which answers the service's pings and queues what it sends.
///
/// Thread: one caller at a time; the event loop's thread inside.
final class WebSocketLink: @unchecked Sendable {
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    private let inbox: Inbox

    /// Messages the service sent that the caller has not read yet, bounded: a service that
    /// sends without end while nobody reads loses the connection, not this process's memory.
    final class Inbox: @unchecked Sendable {
        private let condition = NSCondition()
        private var messages: [String] = []
        private var bytes = 0
        private var closed = false
        static let capacity = 4096
        /// What the messages waiting may hold in all: a few of the largest answers.
        static let capacityBytes = 8 << 20

        /// False when it is full (the caller then closes the connection).
        func put(_ message: String) -> Bool {
            condition.withLock {
                let size = message.utf8.count
                guard messages.count < Self.capacity, bytes + size <= Self.capacityBytes else { return false }
                messages.append(message)
                bytes += size
                condition.signal()
                return true
            }
        }

        func close() {
            condition.withLock {
                closed = true
                condition.broadcast()
            }
        }

        /// The next message, or nothing by `deadline`, or the end of the connection once all
        /// that came before it has been taken.
        func take(until deadline: Date) -> Taken {
            condition.withLock {
                while messages.isEmpty && !closed {
                    if !condition.wait(until: deadline) { return .nothingYet }
                }
                guard !messages.isEmpty else { return .ended }
                let message = messages.removeFirst()
                bytes -= message.utf8.count
                return .message(message)
            }
        }
    }

    /// What a wait for a message gives.
    enum Taken {
        case message(String)
        case nothingYet
        case ended
    }

    /// Connects to `host:port`, asks for `path` as a WebSocket with `headers`, and waits up to
    /// `seconds` for the upgrade.
    init(
        host: String, port: Int, path: String, headers: [(name: String, value: String)], seconds: Int64 = 5
    )
        throws(ControlError)
    {
        let address = HostPort.authority(host: host, port: port)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let inbox = Inbox()
        let upgraded = NIOLockedValueBox<EventLoopFuture<Bool>?>(nil)
        var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path)
        head.headers.add(name: "Host", value: address)
        for header in headers { head.headers.add(name: header.name, value: header.value) }
        let requestHead = head
        let bootstrap = ClientBootstrap(group: group)
            .connectTimeout(.seconds(seconds))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let upgrader = NIOTypedWebSocketClientUpgrader<Bool>(
                        maxFrameSize: ControlClient.largestMessageBytes,
                        upgradePipelineHandler: { channel, _ in
                            channel.eventLoop.makeCompletedFuture {
                                try channel.pipeline.syncOperations.addHandler(
                                    NIOWebSocketFrameAggregator(
                                        minNonFinalFragmentSize: 1, maxAccumulatedFrameCount: 64,
                                        maxAccumulatedFrameSize: ControlClient.largestMessageBytes))
                                try channel.pipeline.syncOperations.addHandler(Receiver(inbox: inbox))
                                return true
                            }
                        })
                    var configuration = NIOUpgradableHTTPClientPipelineConfiguration(
                        upgradeConfiguration: NIOTypedHTTPClientUpgradeConfiguration(
                            upgradeRequestHead: requestHead, upgraders: [upgrader],
                            notUpgradingCompletionHandler: { channel in channel.eventLoop.makeSucceededFuture(false) }))
                    // What the service sends at once after its 101 belongs to the WebSocket.
                    configuration.leftOverBytesStrategy = .forwardBytes
                    let future = try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
                        configuration: configuration)
                    upgraded.withLockedValue { $0 = future }
                }
            }
        do {
            channel = try bootstrap.connect(host: host, port: port).wait()
            guard let future = upgraded.withLockedValue({ $0 }) else {
                throw ChannelError.inappropriateOperationForState
            }
            let deadline = channel.eventLoop.scheduleTask(in: .seconds(seconds)) { [channel] in
                channel.close(promise: nil)
            }
            let accepted = try future.wait()
            deadline.cancel()
            guard accepted else {
                channel.close(promise: nil)
                try? group.syncShutdownGracefully()
                throw ControlError.cannotConnect(path: address, reason: ControlError.notUpgraded)
            }
        } catch let error as ControlError {
            throw error
        } catch {
            try? group.syncShutdownGracefully()
            throw .cannotConnect(path: address, reason: "\(error)")
        }
        self.group = group
        self.inbox = inbox
        channel.closeFuture.whenComplete { _ in inbox.close() }
    }

    deinit {
        channel.close(promise: nil)
        try? group.syncShutdownGracefully()
    }

    /// Sends `text` as one text message.
    func send(_ text: String) -> Bool {
        var buffer = channel.allocator.buffer(capacity: text.utf8.count)
        buffer.writeString(text)
        var generator = SystemRandomNumberGenerator()
        let frame = WebSocketFrame(fin: true, opcode: .text, maskKey: .random(using: &generator), data: buffer)
        // A service that reads nothing would keep the wait for ever: the connection is closed
        // once the message has not gone out within the time.
        let written = channel.writeAndFlush(frame)
        let deadline = channel.eventLoop.scheduleTask(in: .seconds(Self.sendSeconds)) { [channel] in
            channel.close(promise: nil)
        }
        defer { deadline.cancel() }
        do {
            try written.wait()
            return true
        } catch {
            return false
        }
    }

    static let sendSeconds: Int64 = 10

    /// The next message, nothing by `deadline`, or the connection's end.
    func receive(until deadline: Date) -> Taken { inbox.take(until: deadline) }

    /// The frames the service sends: a text message for the inbox, a ping answered, a close
    /// ending the link. Thread: the event loop's.
    private final class Receiver: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = WebSocketFrame
        typealias OutboundOut = WebSocketFrame

        let inbox: Inbox

        init(inbox: Inbox) { self.inbox = inbox }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let frame = Self.unwrapInboundIn(data)
            switch frame.opcode {
            case .text:
                var data = frame.unmaskedData
                let text = data.readString(length: data.readableBytes) ?? ""
                if !inbox.put(text) { context.close(promise: nil) }
            case .ping:
                // A service that pings and reads nothing would have its pongs pile up here
                // without end: while it does not read, its pings go unanswered.
                guard context.channel.isWritable else { return }
                var generator = SystemRandomNumberGenerator()
                let pong = WebSocketFrame(
                    fin: true, opcode: .pong, maskKey: .random(using: &generator), data: frame.unmaskedData)
                context.writeAndFlush(Self.wrapOutboundOut(pong), promise: nil)
            case .connectionClose:
                inbox.close()
                context.close(promise: nil)
            default: break
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            inbox.close()
            context.fireChannelInactive()
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            inbox.close()
            context.close(promise: nil)
        }
    }
}
