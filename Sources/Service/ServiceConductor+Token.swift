import Control
import Settings

extension ServiceConductor {
    /// `token.new`: a new pairing token for the WebSocket; the old one stops working and every
    /// WebSocket connection is closed (a phone that had it must pair again). Only a client of
    /// the Unix socket may ask: holding the token must not be enough to take it from others.
    func newToken(from connection: ControlConnection) throws(RPCError) -> JSONValue {
        guard connection.framing == .lines else {
            throw .refused(
                localized(
                    "a new token is made on the service's machine only (meditate ctl token --new)",
                    de: "ein neues Token wird nur auf dem Rechner des Dienstes erzeugt (meditate ctl token --new)"))
        }
        let token: String
        do {
            token = try web.token.renew()
        } catch {
            throw .refused(error.line)
        }
        web.server?.disconnectAll()
        logger.notice(
            "\(localized("new pairing token; WebSocket connections closed", de: "neues Kopplungs-Token; WebSocket-Verbindungen geschlossen"))"
        )
        var url: JSONValue = .null
        if let server = web.server {
            url = .string(WebAddress.url(host: server.host, port: server.port, token: token))
        }
        return ["token": .string(token), "url": url]
    }
}
