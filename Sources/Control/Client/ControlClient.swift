import Clock
import Foundation

/// A client of the control socket for a command-line tool: blocking calls, one at a time, and
/// the events of a subscription read one by one. Not for use from more than one thread.
public final class ControlClient {
    /// The socket's path, or `host:port` over a WebSocket: what a failure names.
    public let path: String
    /// The Unix socket; -1 when the service is reached over a WebSocket.
    private let socket: Int32
    private let web: WebSocketLink?
    /// Bytes read and not yet taken as lines: those from `start` on.
    private var received: [UInt8] = []
    private var start = 0
    private var nextID = 1
    /// Events that arrived while a call waited for its reply, in order.
    private var pendingEvents: [JSONValue] = []

    public init(path: String) throws(ControlError) {
        self.path = path
        socket = try Self.connect(path)
        web = nil
    }

    /// The service on another machine, over its WebSocket (`/rpc`) with its pairing token: the
    /// same methods and events as on the socket.
    public init(host: String, port: Int, token: String) throws(ControlError) {
        path = HostPort.authority(host: host, port: port)
        socket = -1
        web = try WebSocketLink(
            host: host, port: port, path: "/rpc", headers: [("Authorization", "Bearer \(token)")])
    }

    deinit { if socket >= 0 { close(socket) } }

    /// Whether a service answers on `path` now.
    public static func answers(at path: String) -> Bool {
        guard let socket = try? connect(path) else { return false }
        close(socket)
        return true
    }

    /// Calls `method` and returns its result. An error reply throws `.refused`.
    /// - Parameter meanwhile: asked about ten times a second while the reply is awaited (a
    ///   start that waits for a long file to be measured), for a person's Ctrl-C to be acted
    ///   on; returning false stops the wait (`.abandoned`).
    public func call(
        _ method: String, _ params: JSONValue = [:], timeoutMilliseconds: Int = 10_000,
        meanwhile: (() -> Bool)? = nil
    ) throws(ControlError)
        -> JSONValue
    {
        let id = nextID
        nextID += 1
        try send(RPCRequest(id: .number(id), method: method, params: params).line)
        let deadline = MonotonicClock.seconds() + Double(timeoutMilliseconds) / 1000
        while true {
            // With `meanwhile`, the wait is cut into steps, each ended by asking it.
            let step = meanwhile == nil ? deadline : min(deadline, MonotonicClock.seconds() + Self.meanwhileSeconds)
            let message: JSONValue
            do {
                message = try readMessage(until: step)
            } catch .timedOut(let path) {
                guard step < deadline, let meanwhile else { throw .timedOut(path: path) }
                guard meanwhile() else { throw .abandoned(path: path) }
                continue
            }
            if message["method"] == "event", let params = message["params"] {
                // Kept for `nextEvent`, the newest few: a service that sends events without end
                // while a call waits does not fill this process.
                if pendingEvents.count >= Self.pendingEventsKept { pendingEvents.removeFirst() }
                pendingEvents.append(params)
                continue
            }
            guard message["id"]?.intValue == id || message["id"] == .null else { continue }
            if let error = message["error"] {
                throw .refused(
                    RPCError(
                        code: error["code"]?.intValue ?? 0, message: error["message"]?.stringValue ?? "error",
                        data: error["data"]))
            }
            guard let result = message["result"] else { throw .badReply("neither a result nor an error") }
            return result
        }
    }

    /// The next event of a subscription; nil when none came within the time.
    public func nextEvent(timeoutMilliseconds: Int) throws(ControlError) -> JSONValue? {
        if !pendingEvents.isEmpty { return pendingEvents.removeFirst() }
        let deadline = MonotonicClock.seconds() + Double(timeoutMilliseconds) / 1000
        while true {
            let message: JSONValue
            do {
                message = try readMessage(until: deadline)
            } catch .timedOut {
                return nil
            }
            if message["method"] == "event", let params = message["params"] { return params }
        }
    }

    /// Sends one raw line (a newline is added; over a WebSocket, one message).
    public func send(_ line: String) throws(ControlError) {
        if let web {
            guard web.send(line) else { throw .connectionLost(path: path) }
            return
        }
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Foundation.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw .connectionLost(path: path)
            }
            offset += written
        }
    }

    /// The next line the service sends, parsed; `deadline` is in `MonotonicClock` seconds.
    public func readMessage(until deadline: Double) throws(ControlError) -> JSONValue {
        if let web {
            switch web.receive(until: Date().addingTimeInterval(max(0, deadline - MonotonicClock.seconds()))) {
            case let .message(text):
                guard let value = JSONValue.parse(text) else { throw .badReply(text) }
                return value
            case .nothingYet: throw .timedOut(path: path)
            case .ended: throw .connectionLost(path: path)
            }
        }
        while true {
            if let newline = received[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: received[start..<newline], as: UTF8.self)
                start = newline + 1
                guard let value = JSONValue.parse(line) else { throw .badReply(line) }
                return value
            }
            // Everything before `start` has been taken: dropped before more is read.
            received.removeSubrange(..<start)
            start = 0
            // A line without its end past the longest message is no message of a service's.
            guard received.count <= Self.largestMessageBytes else {
                throw .badReply("a line of over \(Self.largestMessageBytes / 1024) KiB")
            }
            // A deadline already passed still looks once (a poll that does not wait): what has
            // arrived is read, so that a timeout of 0 takes what is there.
            let left = Int(((deadline - MonotonicClock.seconds()) * 1000).rounded(.up))
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(clamping: max(0, left)))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else {
                if left <= 0 { throw .timedOut(path: path) }
                continue
            }
            let before = received.count
            received.append(contentsOf: repeatElement(0, count: Self.readBytes))
            let count = received.withUnsafeMutableBytes {
                read(socket, $0.baseAddress.map { $0 + before }, Self.readBytes)
            }
            received.removeSubrange((before + max(0, count))...)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw .connectionLost(path: path) }
        }
    }

    private static let readBytes = 65_536
    /// The longest message a service sends: an answer of up to half of what a connection may
    /// hold unread (`ServiceReplies`), with room for its envelope.
    public static let largestMessageBytes = ControlServer.maximumQueuedBytes / 2 + 4096
    private static let pendingEventsKept = 1024
    private static let meanwhileSeconds = 0.1

    private static func connect(_ path: String) throws(ControlError) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { throw .cannotConnect(path: path, reason: ControlError.pathTooLong) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
            raw[bytes.count] = 0
        }
        let socket = Foundation.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw .cannotConnect(path: path, reason: String(cString: strerror(errno))) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Foundation.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw .cannotConnect(path: path, reason: reason)
        }
        return socket
    }
}
