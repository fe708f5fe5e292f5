import Foundation
import NIOHTTP1

/// Who may use the WebSocket, decided from the HTTP request alone, before anything is upgraded
/// or served. Every listener needs the pairing token, loopback too: any local user reaches a
/// loopback port, where only the service's own user reaches its Unix socket. A loopback
/// listener also answers only requests addressed to a loopback name (a web page's DNS name
/// rebound to 127.0.0.1 is refused), and only it may go without the token (`--no-token`). A
/// browser's request from another origin is refused either way: a page elsewhere must not drive
/// the service through the phone's browser.
public struct WebAccess: Sendable {
    public enum Verdict: Sendable, Equatable {
        case allowed
        /// 401: no token, or a wrong one.
        case unauthorized
        /// 403: another origin, or a loopback listener addressed by another name.
        case forbidden
    }

    /// Nil: no token asked for (`--no-token`, on loopback only).
    let token: (any WebTokenChecking)?
    /// Whether the Host must be a loopback name: the listener is on loopback.
    let loopbackNamesOnly: Bool
    /// A second token that opens `feedPaths` and nothing else (the calendar's: a calendar
    /// program that keeps its address must not be able to start a sit).
    let feedToken: (any WebTokenChecking)?
    let feedPaths: Set<String>
    /// Paths answered without a token (`/service.json`: which service this is, as Avahi tells
    /// the network anyway), so that a client learns who answers before it sends its token.
    let publicPaths: Set<String>

    /// The name of the query parameter, and of the cookie, that carry the token.
    public static let tokenName = "token"

    public init(
        token: (any WebTokenChecking)?, loopbackNamesOnly: Bool, feedToken: (any WebTokenChecking)? = nil,
        feedPaths: Set<String> = [], publicPaths: Set<String> = []
    ) {
        self.token = token
        self.loopbackNamesOnly = loopbackNamesOnly
        self.feedToken = feedToken
        self.feedPaths = feedPaths
        self.publicPaths = publicPaths
    }

    public func verdict(for head: HTTPRequestHead) -> Verdict {
        // Two Host headers name no one host (RFC 9112 says a server answers 400).
        guard head.headers["host"].count <= 1 else { return .forbidden }
        let host = head.headers.first(name: "host")?.lowercased()
        if loopbackNamesOnly || token == nil {
            guard let host, Self.isLoopback(host: host) else { return .forbidden }
        }
        if let origin = head.headers.first(name: "origin") {
            guard let host, Self.authority(ofOrigin: origin) == host else { return .forbidden }
        }
        guard let token else { return .allowed }
        if publicPaths.contains(Self.path(of: head)) { return .allowed }
        guard let offered = Self.offeredToken(in: head) else { return .unauthorized }
        if token.accepts(offered) { return .allowed }
        if let feedToken, feedPaths.contains(Self.path(of: head)), feedToken.accepts(offered) { return .allowed }
        return .unauthorized
    }

    /// The path of a request's target, without its query.
    public static func path(of head: HTTPRequestHead) -> String {
        String(head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    /// The token from the query (`?token=…`, what the pairing URL carries), an
    /// `Authorization: Bearer …` header (scripts), or the cookie of that name (the page).
    static func offeredToken(in head: HTTPRequestHead) -> String? {
        if let token = tokenInQuery(of: head) { return token }
        if let authorization = head.headers.first(name: "authorization") {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer" {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        for header in head.headers["cookie"] {
            for cookie in header.split(separator: ";") {
                let parts = cookie.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == tokenName {
                    return String(parts[1])
                }
            }
        }
        return nil
    }

    /// The token in the request's query (`?token=…`), if any.
    static func tokenInQuery(of head: HTTPRequestHead) -> String? { query(of: head)[tokenName] }

    /// The request's query as names and values, percent-decoded; the first of a name repeated.
    public static func query(of head: HTTPRequestHead) -> [String: String] {
        guard let query = head.uri.split(separator: "?", maxSplits: 1).dropFirst().first else { return [:] }
        var members: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let name = String(parts[0]).removingPercentEncoding, members[name] == nil,
                let value = String(parts[1]).removingPercentEncoding
            else { continue }
            members[name] = value
        }
        return members
    }

    /// `http://host:port` → `host:port`, lowercased, as a Host header gives it.
    static func authority(ofOrigin origin: String) -> String? {
        let lowered = origin.lowercased()
        for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme) {
            let rest = lowered.dropFirst(scheme.count)
            return rest.isEmpty || rest.contains("/") ? nil : String(rest)
        }
        return nil
    }

    /// Whether a Host header names this machine's loopback: localhost, 127.0.0.0/8 or [::1],
    /// with a port or without, and nothing else (`127.0.0.1:1, evil.com` and `[::1]evil` are
    /// not loopback names).
    public static func isLoopback(host: String) -> Bool {
        var name = Substring(host)
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return false }
            let after = name[name.index(after: close)...]
            guard after.isEmpty || after.first == ":" && isPort(after.dropFirst()) else { return false }
            return name[name.index(after: name.startIndex)..<close] == "::1"
        }
        if let colon = name.lastIndex(of: ":") {
            guard isPort(name[name.index(after: colon)...]) else { return false }
            name = name[..<colon]
        }
        if name == "localhost" { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// A port as a Host header writes it: 1 to 5 digits, 1 to 65535.
    private static func isPort(_ text: Substring) -> Bool {
        text.count <= 5 && text.allSatisfy(\.isASCII) && text.allSatisfy(\.isNumber)
            && (UInt32(text).map { (1...65535).contains($0) } ?? false)
    }
}
