import Control

/// `--listen HOST:PORT`: where `meditate serve` also takes the protocol over a WebSocket.
/// HOST is an IPv4 address, a bracketed IPv6 address or a name; PORT 0 lets the system choose.
package struct ListenAddress: Sendable, Equatable {
    package let host: String
    package let port: Int

    package init?(text argument: String) {
        guard let colon = argument.lastIndex(of: ":") else { return nil }
        var host = Substring(argument[..<colon])
        guard let port = Int(argument[argument.index(after: colon)...]), (0...65535).contains(port) else {
            return nil
        }
        if host.hasPrefix("[") {
            guard host.hasSuffix("]"), host.count > 2 else { return nil }
            host = host.dropFirst().dropLast()
        } else if host.contains(":") {
            // An IPv6 address without brackets cannot be told from its port.
            return nil
        }
        guard !host.isEmpty, !host.contains(where: { $0.isWhitespace || $0 == "/" }) else { return nil }
        self.host = String(host)
        self.port = port
    }

    /// Whether the host is a loopback address as written: 127.0.0.0/8, ::1 or localhost.
    package var isLoopback: Bool {
        host == "::1" || WebAccess.isLoopback(host: host.lowercased())
    }
}
