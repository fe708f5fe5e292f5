import Foundation

/// A Unix-socket client with nothing of the protocol in it: bytes out, newlines counted in.
/// For a test whose client must read faster than any parser would.
package final class RawUnixSocket: @unchecked Sendable {
    // @unchecked: one thread sends and one reads; the descriptor is all they share.
    private let descriptor: Int32

    package struct Failure: Error {
        let errno: Int32
    }

    package init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(errno: errno) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw Failure(errno: errno)
        }
    }

    deinit { close(descriptor) }

    /// Writes all of `bytes`, waiting while the other end does not read.
    package func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Failure(errno: errno) }
            offset += count
        }
    }

    /// Reads until `lines` newlines have come or the connection ends, calling `each` per line.
    package func readLines(_ lines: Int, each: () -> Void) {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var seen = 0
        while seen < lines {
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            for byte in chunk[..<count] where byte == UInt8(ascii: "\n") {
                seen += 1
                each()
            }
        }
    }

    /// The next line (without its newline), or nil when the connection ends or `seconds` pass.
    package func readLine(seconds: Double) -> String? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            var descriptor = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
            let left = Int32(max(1, deadline.timeIntervalSinceNow * 1000))
            guard poll(&descriptor, 1, left) > 0 else { continue }
            let count = recv(self.descriptor, &byte, 1, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        return nil
    }
}
