import Control
import Foundation

/// The address a phone types or scans for the listener: the bound address itself, or, for a
/// listener on every address (0.0.0.0, ::), this machine's first IPv4 address on a network,
/// else its host name.
package enum WebAddress {
    /// The address of `path` (the page's, `/`, by default), with `token` in its query.
    package static func url(host: String, port: Int, path: String = "/", token: String? = nil) -> String {
        var shown = host
        if host == "0.0.0.0" || host == "::" { shown = networkAddress() ?? hostName() }
        let query = token.map { "?token=\($0)" } ?? ""
        return "http://\(HostPort.authority(host: shown, port: port))\(path)\(query)"
    }

    private static func networkAddress() -> String? {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0, let first else { return nil }
        defer { freeifaddrs(first) }
        var entry: UnsafeMutablePointer<ifaddrs>? = first
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            let flags = Int32(current.pointee.ifa_flags)
            guard flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0,
                let address = current.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET)
            else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            let found = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                var bits = inet.pointee.sin_addr
                return inet_ntop(AF_INET, &bits, &text, socklen_t(text.count)) != nil
            }
            if found { return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        }
        return nil
    }

    private static func hostName() -> String {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "localhost" }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
