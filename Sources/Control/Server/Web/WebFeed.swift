/// A document made when it is asked for (the history as a calendar), where the page's files are
/// read once and held. It is made on the listener's worker thread, never on its event loop, so
/// that a slow read of a large history keeps no other connection waiting.
public struct WebFeed: Sendable {
    /// What a request gives the feed to make its document from.
    public struct Request: Sendable {
        /// The query's members (`?lang=de` → `["lang": "de"]`), the token among them when given there.
        public let query: [String: String]
        /// The `Accept-Language` header, if any.
        public let acceptLanguage: String?

        public init(query: [String: String], acceptLanguage: String?) {
            self.query = query
            self.acceptLanguage = acceptLanguage
        }
    }

    public let contentType: String
    /// The body; nil when it cannot be made now (the answer is then 503, and the feed says why in its log).
    public let make: @Sendable (Request) -> [UInt8]?

    public init(contentType: String, make: @escaping @Sendable (Request) -> [UInt8]?) {
        self.contentType = contentType
        self.make = make
    }
}
