import Control

/// The service's WebSocket side: the listener when `--listen` was given, and the pairing
/// token, which `token.new` replaces even without a listener (for the next start with one).
package struct ServiceWeb {
    let server: WebControlServer?
    let token: WebToken
    /// The calendar's token: it reads `/history.ics` and nothing else.
    let feedToken: WebToken

    package init(server: WebControlServer?, token: WebToken, feedToken: WebToken) {
        self.server = server
        self.token = token
        self.feedToken = feedToken
    }

    /// The page's address, when listening.
    var url: String? { server.map { WebAddress.url(host: $0.host, port: $0.port) } }
}
