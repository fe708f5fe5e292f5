import Foundation

/// One HTTP/1.1 GET to another machine's service, for a command-line tool (`meditate pair`):
/// blocking, bounded in time and size, the connection closed after the answer as the service
/// closes it. The address is looked up with getaddrinfo (an IP address, or a name the system
/// resolves); the first address that connects is used.
public enum HTTPGet {
    public struct Response: Sendable {
        public let status: Int
        public let body: [UInt8]
    }

    /// Why no answer came: one line.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The most an answer may hold: more is not what was asked for.
    public static let maximumBytes = 1 << 20

    public static func get(
        host: String, port: Int, path: String, headers: [(name: String, value: String)] = [], seconds: Int = 5
    ) throws(Failure) -> Response {
        // A line end inside a value (a token percent-decoded from a link) would add headers of
        // someone else's choosing to the request.
        let parts = [path] + headers.flatMap { [$0.name, $0.value] }
        guard !parts.contains(where: { $0.contains { $0 == "\r" || $0 == "\n" } }) else {
            throw Failure(description: "a line end inside the request")
        }
        // One deadline for the whole answer: a server that sends a byte now and then is not
        // waited for beyond it.
        let deadline = monotonicSeconds() + Double(seconds)
        let socket = try connect(host: host, port: port, seconds: seconds)
        defer { close(socket) }
        let authority = HostPort.authority(host: host, port: port)
        var request = "GET \(path) HTTP/1.1\r\nHost: \(authority)\r\nConnection: close\r\nUser-Agent: meditate\r\n"
        for header in headers { request += "\(header.name): \(header.value)\r\n" }
        let bytes = Array((request + "\r\n").utf8)
        var sent = 0
        while sent < bytes.count {
            let wrote = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard wrote > 0 else { throw Failure(description: String(cString: strerror(errno))) }
            sent += wrote
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let left = deadline - monotonicSeconds()
            guard left > 0 else { throw Failure(description: "no whole answer in \(seconds) s") }
            // (at least a millisecond: a zero timeval is no limit at all)
            var timeout = timeval(tv_sec: Int(left), tv_usec: max(1000, Int((left - left.rounded(.down)) * 1e6)))
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let count = read(socket, &buffer, buffer.count)
            if count == 0 { break }
            guard count > 0 else {
                let reason =
                    errno == EAGAIN || errno == EWOULDBLOCK
                    ? "no answer in \(seconds) s" : String(cString: strerror(errno))
                throw Failure(description: reason)
            }
            received += buffer[0..<count]
            guard received.count <= maximumBytes else { throw Failure(description: "an answer of over 1 MiB") }
        }
        return try parse(received)
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// The status and body of a whole answer (the body is what follows the head: the
    /// connection's end ends it).
    static func parse(_ received: [UInt8]) throws(Failure) -> Response {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, received.count - 3)).first(where: { Array(received[$0..<$0 + 4]) == separator })
        else { throw Failure(description: "not an HTTP answer") }
        let head = String(decoding: received[..<end], as: UTF8.self)
        let statusLine = head.prefix { $0 != "\r" }.split(separator: " ")
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]),
            (100...599).contains(status)
        else { throw Failure(description: "not an HTTP answer") }
        return Response(status: status, body: Array(received[(end + 4)...]))
    }

    private static func connect(host: String, port: Int, seconds: Int) throws(Failure) -> Int32 {
        guard (1...65535).contains(port) else { throw Failure(description: "port \(port) is not 1 to 65535") }
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_ADDRCONFIG
        var list: UnsafeMutablePointer<addrinfo>?
        let looked = getaddrinfo(host, String(port), &hints, &list)
        guard looked == 0, let first = list else {
            throw Failure(description: "no such host: \(String(cString: gai_strerror(looked)))")
        }
        defer { freeaddrinfo(list) }
        var reason = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let socket = Glibc.socket(
                info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard socket >= 0 else { continue }
            var timeout = timeval(tv_sec: seconds, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            if Glibc.connect(socket, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return socket }
            reason =
                errno == EINPROGRESS || errno == EAGAIN ? "no answer in \(seconds) s" : String(cString: strerror(errno))
            close(socket)
        }
        throw Failure(description: reason)
    }
}
