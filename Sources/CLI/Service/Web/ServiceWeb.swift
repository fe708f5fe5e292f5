import Control

/// The service's WebSocket side: the listener when `--listen` was given, and the pairing
/// token, which `token.new` replaces even without a listener (for the next start with one).
struct ServiceWeb {
    let server: WebControlServer?
    let token: WebToken

    /// The page's address, when listening.
    var url: String? { server.map { WebAddress.url(host: $0.host, port: $0.port) } }
}
