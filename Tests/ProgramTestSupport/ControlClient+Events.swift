import Control
import Foundation
import Testing

extension ControlClient {
    /// Reads a subscribed connection's events into `received` until one named `name` has come
    /// (with `detail` as its phase or its bell, when given); none coming for
    /// `timeoutMilliseconds` is an issue of the test, which says what did come.
    package func readEvents(
        until name: String, _ detail: String? = nil, into received: inout [JSONValue], timeoutMilliseconds: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        while let event = try nextEvent(timeoutMilliseconds: timeoutMilliseconds) {
            received.append(event)
            if event["event"]?.stringValue == name
                && (detail == nil || event["phase"]?.stringValue == detail || event["bell"]?.stringValue == detail)
            {
                return
            }
        }
        Issue.record(
            "no '\(name)'\(detail.map { " (\($0))" } ?? "") event within \(timeoutMilliseconds) ms; came: \(received.compactMap { $0["event"]?.stringValue })",
            sourceLocation: sourceLocation)
    }

    /// Reads events until one named `name` has come; none within `timeoutMilliseconds` of the
    /// last is an issue of the test.
    package func waitForEvent(
        _ name: String, timeoutMilliseconds: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var received: [JSONValue] = []
        try readEvents(
            until: name, into: &received, timeoutMilliseconds: timeoutMilliseconds, sourceLocation: sourceLocation)
    }
}
