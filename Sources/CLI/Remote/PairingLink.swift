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
        self.host = HostPort.bare(host)
        self.port = port
        self.token = token
    }
}
