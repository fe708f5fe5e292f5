import Foundation

/// A TCP connection to 127.0.0.1 that sends nothing: for what the listener does with clients
/// that hold connections open.
package final class SilentConnection {
    private let socket: Int32

    package init(port: Int) throws {
        socket = try LoopbackTCP.connect(port: port)
    }

    deinit { close(socket) }

    /// Whether the other end closes it within `seconds`.
    package func closed(within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var byte: UInt8 = 0
        while true {
            let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, left) > 0 else { return false }
            let count = recv(socket, &byte, 1, 0)
            if count <= 0 { return true }
        }
    }
}
