import Foundation

/// A TCP relay on a loopback port of its own to another loopback port: the network between a
/// client and a service on "another machine", which a test cuts (every connection closed, the
/// port refusing) and restores, as a Wi-Fi that drops out.
package final class CuttableRelay: @unchecked Sendable {
    package let port: Int
    private let target: Int
    private let lock = NSLock()
    private var current = State()

    private struct State {
        var listener: Int32 = -1
        var open: [Int32] = []
        var stopped = false
    }

    private func withState<T>(_ body: (inout State) -> T) -> T {
        lock.withLock { body(&current) }
    }

    package init(to target: Int) throws {
        self.target = target
        port = try LoopbackTCP.freePort()
        try listen()
        Thread.detachNewThread { [self] in accept() }
    }

    deinit { stop() }

    /// Closes every connection and refuses new ones until `restore`.
    package func cut() {
        withState { state in
            if state.listener >= 0 { close(state.listener) }
            state.listener = -1
            for socket in state.open { shutdown(socket, Int32(SHUT_RDWR)) }
        }
    }

    /// Listens again on the same port.
    package func restore() throws { try listen() }

    package func stop() {
        withState { state in
            state.stopped = true
            if state.listener >= 0 { close(state.listener) }
            state.listener = -1
            for socket in state.open { shutdown(socket, Int32(SHUT_RDWR)) }
        }
    }

    private func listen() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var one: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = LoopbackTCP.address(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard bound, Glibc.listen(socket, 16) == 0 else {
            close(socket)
            throw WebSocketTestClient.Failure(description: "relay cannot listen on \(port): \(errno)")
        }
        withState { $0.listener = socket }
    }

    /// Takes each connection and relays it on a thread of its own.
    private func accept() {
        while true {
            let (listener, stopped) = withState { ($0.listener, $0.stopped) }
            if stopped { return }
            guard listener >= 0 else {
                Thread.sleep(forTimeInterval: 0.05)
                continue
            }
            var waiting = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            guard poll(&waiting, 1, 50) > 0 else { continue }
            let client = Glibc.accept(listener, nil, nil)
            guard client >= 0 else { continue }
            guard let server = try? LoopbackTCP.connect(port: target) else {
                close(client)
                continue
            }
            withState { $0.open += [client, server] }
            Thread.detachNewThread { [self] in relay(client, server) }
        }
    }

    private func relay(_ one: Int32, _ other: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var ends = [
            pollfd(fd: one, events: Int16(POLLIN), revents: 0), pollfd(fd: other, events: Int16(POLLIN), revents: 0)
        ]
        relaying: while poll(&ends, 2, -1) > 0 {
            for (index, end) in ends.enumerated() where end.revents != 0 {
                let count = read(end.fd, &buffer, buffer.count)
                guard count > 0 else { break relaying }
                let to = ends[1 - index].fd
                var sent = 0
                while sent < count {
                    let written = buffer[sent..<count].withUnsafeBytes { write(to, $0.baseAddress, $0.count) }
                    guard written > 0 else { break relaying }
                    sent += written
                }
            }
        }
        withState { $0.open.removeAll { $0 == one || $0 == other } }
        close(one)
        close(other)
    }
}
