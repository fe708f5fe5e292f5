import Control
import Foundation

extension ControlClient {
    /// Reads a subscribed connection's events into `received` until one named `name` has come
    /// (with `detail` as its phase or its bell, when given), or none came for `timeoutMilliseconds`.
    package func readEvents(
        until name: String, _ detail: String? = nil, into received: inout [JSONValue], timeoutMilliseconds: Int
    ) throws {
        while let event = try nextEvent(timeoutMilliseconds: timeoutMilliseconds) {
            received.append(event)
            if event["event"]?.stringValue == name
                && (detail == nil || event["phase"]?.stringValue == detail || event["bell"]?.stringValue == detail)
            {
                return
            }
        }
    }
}
