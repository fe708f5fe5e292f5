import Foundation

/// A TCP socket connected to 127.0.0.1, for the tests' raw clients of the WebSocket listener.
package enum LoopbackTCP {
    package static func connect(port: Int) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw WebSocketTestClient.Failure(description: "socket: \(errno)") }
        var address = address(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw WebSocketTestClient.Failure(description: "connect: \(errno)")
        }
        return socket
    }

    /// A loopback TCP port nobody listens on now (the system's choice, given back at once).
    package static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = address(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else { throw WebSocketTestClient.Failure(description: "no free port: \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// 127.0.0.1 at `port` (0: the system's choice).
    package static func address(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
