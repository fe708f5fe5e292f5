/// A document made when it is asked for (the history as a calendar), where the page's files are
/// read once and held. It is made on the listener's worker thread, never on its event loop, so
/// that a slow read of a large history keeps no other connection waiting, and sent as it is
/// made, a piece at a time: a calendar of a million sits is never in memory whole.
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
    /// Makes the body and hands it to its second argument a piece at a time, as it is made;
    /// that says whether to go on (false: the asker has gone, or is slower than a deadline).
    /// Returns false when the body cannot be made now: before anything was handed on, the
    /// answer is 503; after, it is cut off (the feed says why in its log).
    public let make: @Sendable (Request, (_ piece: [UInt8]) -> Bool) -> Bool

    public init(contentType: String, streaming make: @escaping @Sendable (Request, (_ piece: [UInt8]) -> Bool) -> Bool)
    {
        self.contentType = contentType
        self.make = make
    }

    /// A feed whose body is made whole; nil when it cannot be made now.
    public init(contentType: String, make: @escaping @Sendable (Request) -> [UInt8]?) {
        self.init(contentType: contentType) { request, write in
            guard let body = make(request) else { return false }
            _ = write(body)
            return true
        }
    }
}
