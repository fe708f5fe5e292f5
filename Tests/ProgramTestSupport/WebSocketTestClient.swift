import Control
import Foundation

/// A WebSocket client written from RFC 6455 for the tests, on a plain TCP socket: it sends the
/// upgrade request with whatever headers a test gives (a wrong token, another Origin) and
/// reads the status the service answers, then text messages both ways. Nothing of the
/// service's own code is used, so the test checks the wire, not the code against itself.
package final class WebSocketTestClient {
    private let socket: Int32
    private var received: [UInt8] = []
    /// The HTTP status of the upgrade request: 101 when it was upgraded.
    package private(set) var status = 0
    /// The response's head: its status line and headers, as sent.
    package private(set) var head = ""

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        package init(description: String) { self.description = description }
    }

    /// Connects to `127.0.0.1:port` and asks for `target` with `headers` added.
    package init(port: Int, target: String, headers: [String: String] = [:], upgrade: Bool = true) throws {
        socket = try LoopbackTCP.connect(port: port)
        var request = "GET \(target) HTTP/1.1\r\n"
        if headers["Host"] == nil { request += "Host: 127.0.0.1:\(port)\r\n" }
        if upgrade {
            request += "Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n"
            request += "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        }
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        try write(Array((request + "\r\n").utf8))
        head = try readHead()
        status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    deinit { close(socket) }

    /// The value of the response's header `name` (case-insensitive), if it sent one.
    package func header(_ name: String) -> String? {
        for line in head.split(separator: "\r\n").dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// Sends one text message (masked, as a client must).
    package func send(_ text: String) throws {
        try sendFrame(opcode: 0x1, payload: Array(text.utf8))
    }

    /// A JSON-RPC call and its reply, events before it skipped.
    package func call(_ method: String, _ params: JSONValue = [:], id: Int = 1) throws -> JSONValue {
        try send(RPCRequest(id: .number(Double(id)), method: method, params: params).line)
        let deadline = Date().addingTimeInterval(10)
        while true {
            let message = try readMessage(until: deadline)
            if message["id"] == .number(Double(id)) { return message }
        }
    }

    /// The next text message as JSON. Throws when the connection closes (a close frame or EOF).
    package func readMessage(until deadline: Date) throws -> JSONValue {
        while true {
            let (opcode, payload) = try readFrame(until: deadline)
            switch opcode {
            case 0x1:
                guard let value = JSONValue.parse(String(decoding: payload, as: UTF8.self)) else {
                    throw Failure(description: "not JSON: \(String(decoding: payload, as: UTF8.self))")
                }
                return value
            case 0x8: throw Closed(code: payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : nil)
            default: continue
            }
        }
    }

    /// The next event's params (`{"method":"event"}`), replies skipped.
    package func nextEvent(until deadline: Date) throws -> JSONValue {
        while true {
            let message = try readMessage(until: deadline)
            if message["method"] == "event", let params = message["params"] { return params }
        }
    }

    package struct Closed: Error {
        let code: Int?
    }

    package func sendFrame(opcode: UInt8, payload: [UInt8], fin: Bool = true) throws {
        var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame.append(0x80 | 126)
            frame += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            frame += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        try write(frame)
    }

    /// Writes `bytes` as they are (frames a test made itself), waiting for room until
    /// `deadline`; throws once the service has closed the connection or the time is up.
    package func sendRaw(_ bytes: [UInt8], until deadline: Date) throws {
        var sent = 0
        while sent < bytes.count {
            let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            var descriptor = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
            guard poll(&descriptor, 1, left) > 0 else { throw Failure(description: "no room until the deadline") }
            let count = bytes[sent...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if count < 0 && (errno == EAGAIN || errno == EINTR) { continue }
            guard count > 0 else { throw Closed(code: nil) }
            sent += count
        }
    }

    /// The next frame as it came: its opcode (0x9 a ping, 0x8 a close) and payload.
    package func readFrame(until deadline: Date) throws -> (UInt8, [UInt8]) {
        try fill(2, until: deadline)
        let opcode = received[0] & 0x0F
        var length = Int(received[1] & 0x7F)
        var offset = 2
        if length == 126 {
            try fill(4, until: deadline)
            length = Int(received[2]) << 8 | Int(received[3])
            offset = 4
        } else if length == 127 {
            try fill(10, until: deadline)
            length = received[2..<10].reduce(0) { $0 << 8 | Int($1) }
            offset = 10
        }
        try fill(offset + length, until: deadline)
        let payload = Array(received[offset..<(offset + length)])
        received.removeFirst(offset + length)
        return (opcode, payload)
    }

    /// The response's head, up to its blank line; what follows stays in `received`.
    private func readHead() throws -> String {
        let deadline = Date().addingTimeInterval(10)
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            if let range = received.indices.first(where: { received[$0...].starts(with: end) }) {
                let head = String(decoding: received[..<range], as: UTF8.self)
                received.removeFirst(range + end.count)
                return head
            }
            try fill(received.count + 1, until: deadline)
        }
    }

    private func fill(_ count: Int, until deadline: Date) throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while received.count < count {
            let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, left) > 0 else { throw Failure(description: "timed out") }
            let read = recv(socket, &chunk, chunk.count, 0)
            guard read > 0 else { throw Closed(code: nil) }
            received += chunk[..<read]
        }
    }

    private func write(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { throw Failure(description: "send: \(errno)") }
            sent += count
        }
    }
}
