import NIOConcurrencyHelpers
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOPosix

/// The service's readers of what comes from the network, driven with the bytes a client
/// sends: the real pipelines (`ControlServer`'s lines, `WebControlServer`'s HTTP request and
/// WebSocket frames) on an `EmbeddedChannel`, answered by `ImmediateResponder`. What the fuzz
/// targets in Fuzz/ run, and what `make test` replays their committed seeds through. Each
/// returns the answers and what the input broke: an answer that is not what the protocol
/// sends, or more sent back than the bounds allow. A crash or a hang is a finding too.
public enum WireReplay {
    /// Bytes on the Unix socket: every answer must be one line of JSON-RPC 2.0, at most one per
    /// line sent and one more (the line that was too long).
    public static func unixSocket(_ bytes: [UInt8]) -> WireOutcome {
        let channel = EmbeddedChannel()
        var faults: [String] = []
        do {
            try ControlServer.configure(channel, responder: ImmediateResponder())
            try connect(channel)
            try feed(bytes, into: channel)
        } catch {
            faults.append("the pipeline failed: \(error)")
        }
        let sent = drain(channel)
        let lines = sent.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if let last = lines.last, !last.isEmpty { faults.append("an answer without its newline") }
        let answers = lines.dropLast()
        let asked = bytes.count(where: { $0 == UInt8(ascii: "\n") }) + 1
        if answers.count > asked { faults.append("\(answers.count) answers to \(asked) lines") }
        for answer in answers where !isRPCMessage(answer) {
            faults.append("not a JSON-RPC message: \(String(decoding: answer.prefix(200), as: UTF8.self))")
        }
        _ = try? channel.finish()
        return WireOutcome(answers: answers.map { String(decoding: $0, as: UTF8.self) }, faults: faults)
    }

    /// Bytes to the web listener as a request (or several): every answer must be an HTTP
    /// response with a status the listener gives, and nothing may be upgraded without the
    /// token.
    public static func httpRequest(_ bytes: [UInt8]) -> WireOutcome {
        let channel = EmbeddedChannel()
        var faults: [String] = []
        do {
            try web(channel)
            try feed(bytes, into: channel)
        } catch {
            faults.append("the pipeline failed: \(error)")
        }
        // Answered in the request's version, 1.0 or 1.1 (the parser takes no other).
        let sent = String(decoding: drain(channel), as: UTF8.self)
            .replacingOccurrences(of: "HTTP/1.0 ", with: "HTTP/1.1 ")
        let statuses = sent.components(separatedBy: "HTTP/1.1 ").dropFirst().map { $0.prefix(3) }
        if !sent.isEmpty && !sent.hasPrefix("HTTP/1.1 ") { faults.append("not an HTTP response: \(sent.prefix(200))") }
        for status in statuses where !answered.contains(String(status)) {
            faults.append("status \(status)")
        }
        _ = try? channel.finish()
        return WireOutcome(answers: statuses.map(String.init), faults: faults)
    }

    /// An upgrade with the token, then `bytes` as WebSocket frames: whatever they are, what is
    /// sent back stays within the connection's bound.
    public static func webSocketFrames(_ bytes: [UInt8]) -> WireOutcome {
        let channel = EmbeddedChannel()
        var faults: [String] = []
        do {
            try web(channel)
            let upgrade =
                "GET /rpc?token=\(ReplayToken.token) HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nConnection: Upgrade\r\n"
                + "Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
            try feed(Array(upgrade.utf8), into: channel)
            let head = String(decoding: drain(channel), as: UTF8.self)
            guard head.hasPrefix("HTTP/1.1 101") else {
                return WireOutcome(faults: ["the upgrade was refused: \(head.prefix(200))"])
            }
            try feed(bytes, into: channel)
        } catch {
            faults.append("the pipeline failed: \(error)")
        }
        let sent = drain(channel)
        if sent.count > ControlServer.maximumQueuedBytes + ControlServer.maximumLineBytes {
            faults.append("\(sent.count) bytes sent back")
        }
        let frames = serverFrames(sent)
        if frames == nil { faults.append("not WebSocket frames: \(sent.prefix(64))") }
        _ = try? channel.finish()
        return WireOutcome(answers: frames ?? [], faults: faults)
    }

    /// An MQTT command's payload: refused with one line, or a JSON object.
    public static func mqttPayload(_ bytes: [UInt8]) -> WireOutcome {
        do throws(RPCError) {
            guard let options = try MQTTCommandPayload.options(String(decoding: bytes, as: UTF8.self)) else {
                return WireOutcome(answers: ["press"])
            }
            guard case .object = options else {
                return WireOutcome(answers: [options.line], faults: ["not an object: \(options.line.prefix(200))"])
            }
            return WireOutcome(answers: [options.line])
        } catch {
            let faults = error.message.contains("\n") ? ["a refusal of more than one line"] : []
            return WireOutcome(answers: ["refused: " + error.message], faults: faults)
        }
    }

    /// The statuses the web listener answers with.
    static let answered: Set<String> = ["101", "200", "400", "401", "403", "404", "405", "426"]

    /// The replay's pages have no feed, so no work is ever handed to these (never started).
    private static let idleWorkers = NIOThreadPool(numberOfThreads: 1)

    /// The web listener's pipeline, asking for `ReplayToken`, on loopback, connected.
    private static func web(_ channel: EmbeddedChannel) throws {
        try WebControlServer.configure(
            channel, access: WebAccess(token: ReplayToken(), loopbackNamesOnly: true), responder: ImmediateResponder(),
            pages: WebPages(["/index.html": WebPages.Page(contentType: "text/html", body: Array("<p>page</p>".utf8))]),
            workers: idleWorkers, open: NIOLockedValueBox([:]))
        try connect(channel)
    }

    /// A client's connection: active, as the service's connections are when they are read.
    private static func connect(_ channel: EmbeddedChannel) throws {
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 40_000)).wait()
    }

    /// Hands `bytes` to the channel in pieces of up to 61 bytes (so a message arrives split, as
    /// over a network), running what each piece scheduled, until the connection is closed. An
    /// error that reaches the pipeline's end (bad HTTP, a refused upgrade: NIO answers those
    /// and the socket's channel drops them) ends the feed; what was answered is the outcome.
    private static func feed(_ bytes: [UInt8], into channel: EmbeddedChannel) throws {
        var start = 0
        while start < bytes.count, channel.isActive {
            let end = min(bytes.count, start + 61)
            var buffer = channel.allocator.buffer(capacity: end - start)
            buffer.writeBytes(bytes[start..<end])
            do {
                try channel.writeInbound(buffer)
            } catch {
                channel.embeddedEventLoop.run()
                return
            }
            channel.embeddedEventLoop.run()
            start = end
        }
    }

    /// Every byte the channel has written out: buffers as they are, WebSocket frames encoded.
    private static func drain(_ channel: EmbeddedChannel) -> [UInt8] {
        channel.embeddedEventLoop.run()
        var sent: [UInt8] = []
        while let data = try? channel.readOutbound(as: IOData.self) {
            switch data {
            case .byteBuffer(let buffer): sent += Array(buffer.readableBytesView)
            case .fileRegion: sent += Array("<a file region>".utf8)
            }
        }
        return sent
    }

    /// The frames a server sent (unmasked), as `text:…`, `close:CODE`, `pong`, `ping`, or nil
    /// when the bytes are not whole frames.
    static func serverFrames(_ bytes: [UInt8]) -> [String]? {
        var frames: [String] = []
        var at = 0
        while at < bytes.count {
            guard at + 2 <= bytes.count, bytes[at + 1] & 0x80 == 0 else { return nil }
            var length = Int(bytes[at + 1] & 0x7F)
            var start = at + 2
            if length == 126 || length == 127 {
                let size = length == 126 ? 2 : 8
                guard start + size <= bytes.count else { return nil }
                length = bytes[start..<(start + size)].reduce(0) { $0 << 8 | Int($1) }
                start += size
            }
            guard length >= 0, length <= bytes.count - start else { return nil }
            let payload = bytes[start..<(start + length)]
            switch bytes[at] & 0x0F {
            case 0x1: frames.append("text:" + String(decoding: payload, as: UTF8.self))
            case 0x8: frames.append("close:\(payload.prefix(2).reduce(0) { $0 << 8 | Int($1) })")
            case 0x9: frames.append("ping")
            case 0xA: frames.append("pong")
            default: frames.append("opcode \(bytes[at] & 0x0F)")
            }
            at = start + length
        }
        return frames
    }

    private static func isRPCMessage(_ line: ArraySlice<UInt8>) -> Bool {
        guard let value = JSONValue.parse(String(decoding: line, as: UTF8.self)) else { return false }
        return value["jsonrpc"] == "2.0" && (value["result"] != nil || value["error"] != nil)
    }
}
