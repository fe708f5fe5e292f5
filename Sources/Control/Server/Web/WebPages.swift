/// The files of the phone's page, held in memory for the service's life (a few tens of KiB),
/// by the path they are asked for: read once at the start, so that a request never waits on
/// the disk, and a file changed under a running service cannot be served half written.
public struct WebPages: Sendable {
    /// One file: its bytes and what they are.
    public struct Page: Sendable {
        public let contentType: String
        public let body: [UInt8]

        public init(contentType: String, body: [UInt8]) {
            self.contentType = contentType
            self.body = body
        }
    }

    private let pages: [String: Page]
    private let feeds: [String: WebFeed]

    /// `pages` and `feeds` by path, each starting with `/`; `/` itself serves `/index.html`.
    public init(_ pages: [String: Page] = [:], feeds: [String: WebFeed] = [:]) {
        self.pages = pages
        self.feeds = feeds
    }

    func page(at path: String) -> Page? {
        pages[path == "/" ? "/index.html" : path]
    }

    func feed(at path: String) -> WebFeed? { feeds[path] }

    /// The same files with `feeds` beside them.
    public func adding(feeds more: [String: WebFeed]) -> WebPages {
        WebPages(pages, feeds: feeds.merging(more) { _, new in new })
    }

    /// The content type of a file by its name's ending.
    public static func contentType(ofFileNamed name: String) -> String? {
        switch name.split(separator: ".").last {
        case "html": "text/html; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "json": "application/json; charset=utf-8"
        case "svg": "image/svg+xml"
        case "ics": "text/calendar; charset=utf-8"
        default: nil
        }
    }
}
