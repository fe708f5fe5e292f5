import Control
import Localization
import Logging
import Settings

/// The pairing token's methods: the web listener's, asked over the Unix socket.
extension ServiceWeb {
    /// `token.new`: a new pairing token for the WebSocket; the old one stops working and every
    /// WebSocket connection is closed (a phone that had it must pair again). Only a client of
    /// the Unix socket may ask: holding the token must not be enough to take it from others.
    func newToken(from connection: ControlConnection, logger: Logger) throws(RPCError) -> JSONValue {
        guard connection.framing == .lines else {
            throw .refused(
                localized(
                    "a new token is made on the service's machine only (meditate ctl token --new)",
                    de: "ein neues Token wird nur auf dem Rechner des Dienstes erzeugt (meditate ctl token --new)"))
        }
        let renewed: String
        do {
            renewed = try token.renew()
        } catch {
            throw .refused(error.line)
        }
        server?.disconnectAll()
        logger.notice(
            "\(localized("new pairing token; WebSocket connections closed", de: "neues Kopplungs-Token; WebSocket-Verbindungen geschlossen"))"
        )
        return pairing(renewed)
    }

    /// `token.show`: the pairing token and its link, shown again (a person who lost the link
    /// need not unpair every phone). From the Unix socket only, as `token.new`.
    func showToken(from connection: ControlConnection) throws(RPCError) -> JSONValue {
        guard connection.framing == .lines else {
            throw .refused(
                localized(
                    "the token is shown on the service's machine only (meditate ctl token)",
                    de: "das Token wird nur auf dem Rechner des Dienstes gezeigt (meditate ctl token)"))
        }
        guard let current = token.current else {
            throw .refused(
                token.isSet
                    ? localized(
                        "this token was made by an older meditate, which kept only its hash; meditate ctl token --new makes one that can be shown",
                        de:
                            "dieses Token stammt von einem älteren meditate, das nur seinen Hash speicherte; meditate ctl token --new erzeugt eines, das gezeigt werden kann"
                    )
                    : localized(
                        "no pairing token yet: meditate ctl token --new makes one",
                        de: "noch kein Kopplungs-Token: meditate ctl token --new erzeugt eines"))
        }
        return pairing(current)
    }

    /// `feed.show`: the calendar's token and the address of `/history.ics` with it, for a
    /// calendar program to subscribe to. Any client may ask (the page shows it): whoever holds
    /// the pairing token may read the history already.
    func showFeed() throws(RPCError) -> JSONValue {
        guard let current = feedToken.current ?? (try? feedToken.renew()) else {
            throw .refused(
                localized(
                    "the calendar's token cannot be made: meditate ctl token --feed --new says why",
                    de: "das Token des Kalenders kann nicht erzeugt werden: meditate ctl token --feed --new sagt warum")
            )
        }
        return feed(current)
    }

    /// `feed.new`: a new token for the calendar; a calendar subscribed with the old one must
    /// subscribe again. From the Unix socket only, as `token.new`.
    func newFeed(from connection: ControlConnection, logger: Logger) throws(RPCError) -> JSONValue {
        guard connection.framing == .lines else {
            throw .refused(
                localized(
                    "a new calendar token is made on the service's machine only (meditate ctl token --feed --new)",
                    de:
                        "ein neues Kalender-Token wird nur auf dem Rechner des Dienstes erzeugt (meditate ctl token --feed --new)"
                ))
        }
        let renewed: String
        do {
            renewed = try feedToken.renew()
        } catch {
            throw .refused(error.line)
        }
        logger.notice("\(localized("new calendar token", de: "neues Kalender-Token"))")
        return feed(renewed)
    }

    /// The calendar's token and the feed's address with it (null when the service does not listen).
    private func feed(_ token: String) -> JSONValue {
        var url: JSONValue = .null
        if let server {
            url = .string(WebAddress.url(host: server.host, port: server.port, path: HistoryFeed.path, token: token))
        }
        return ["token": .string(token), "url": url]
    }

    /// The token and the page's link with it (null when the service does not listen).
    private func pairing(_ token: String) -> JSONValue {
        var url: JSONValue = .null
        if let server {
            url = .string(WebAddress.url(host: server.host, port: server.port, token: token))
        }
        return ["token": .string(token), "url": url]
    }
}
