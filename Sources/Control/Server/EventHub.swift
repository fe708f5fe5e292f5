import Synchronization

/// The connections subscribed to events, and the one way events reach them: `publish`, called
/// by the service's control thread, sends each event to each subscriber in the order published.
/// A subscriber that does not read loses its connection (`ControlConnection`), never the
/// publisher's time.
public final class EventHub: Sendable {
    private let subscribers = Mutex<Set<ControlConnection>>([])

    public init() {}

    public func subscribe(_ connection: ControlConnection) {
        subscribers.withLock { _ = $0.insert(connection) }
    }

    public func unsubscribe(_ connection: ControlConnection) {
        subscribers.withLock { _ = $0.remove(connection) }
    }

    public var count: Int { subscribers.withLock { $0.count } }

    /// Sends `event` (the notification's params) to every subscriber.
    public func publish(_ event: JSONValue) {
        let line = RPCMessage.event(event)
        let current = subscribers.withLock { $0 }
        for connection in current where !connection.send(line) {
            unsubscribe(connection)
        }
    }
}
