/// What `WireReplay` saw come back: the answers, as a test reads them (JSON-RPC lines, HTTP
/// statuses, WebSocket frames as `text:…`, `close:CODE`, `pong`), and what broke the
/// protocol or its bounds. A fuzz target fails on any fault; a test also checks the answers.
public struct WireOutcome: Sendable, Equatable {
    public var answers: [String] = []
    public var faults: [String] = []
}
