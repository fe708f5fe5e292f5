import Control

/// Where a session this terminal follows plays: the service on the user's socket, or a paired
/// service on another machine (`meditate sit --host pi`), reached over its WebSocket.
enum FollowedService {
    case socket(String)
    case remote(String)

    /// A new connection to it (the follower holds two: one for events, one for its calls).
    func connect() throws -> ControlClient {
        switch self {
        case let .socket(path): try ControlClient(path: path)
        case let .remote(name): try RemoteConnection.open(name)
        }
    }

    /// What the log names it by.
    var label: String {
        switch self {
        case let .socket(path): path
        case let .remote(name): name
        }
    }
}
