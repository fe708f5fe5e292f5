import Session

/// A sit as its note describes it: its sounds as planned, and its bed as it was opened.
package struct NotedSit: Sendable {
    package let configuration: SessionConfiguration
    /// The opened ambience's title (a track's, a file's tag), when it has one.
    package let bedTitle: String?
    /// What asks for the opened ambience again (a library track's id, a file's absolute path).
    package let bedSource: String?

    package init(_ configuration: SessionConfiguration, bedTitle: String? = nil, bedSource: String? = nil) {
        self.configuration = configuration
        self.bedTitle = bedTitle
        self.bedSource = bedSource
    }
}
