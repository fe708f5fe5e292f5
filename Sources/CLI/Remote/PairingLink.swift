import Control
import Foundation

/// A service's pairing link, as `meditate ctl token` shows it and its QR code holds:
/// `http://HOST:PORT/?token=…` (the scheme may be left out).
struct PairingLink {
    let host: String
    let port: Int
    let token: String

    /// `host:port`, as a person reads it.
    var address: String { HostPort.authority(host: host, port: port) }
    /// The page's address without the token, as kept.
    var url: String { "http://\(address)/" }

    init(_ text: String) throws(RemoteError) {
        let written = text.contains("://") ? text : "http://" + text
        guard let parts = URLComponents(string: written), parts.scheme?.lowercased() == "http",
            let host = parts.host, !host.isEmpty
        else { throw .badLink(text) }
        let port = parts.port ?? 80
        guard (1...65535).contains(port) else { throw .badLink(text) }
        guard let token = parts.queryItems?.first(where: { $0.name == "token" })?.value, !token.isEmpty else {
            throw .noToken
        }
        // What a service makes (`WebToken`), and nothing else: it goes into a request's header.
        guard token.utf8.count == 32, token.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
        else { throw .badToken }
        self.host = HostPort.bare(host)
        self.port = port
        self.token = token
    }
}
