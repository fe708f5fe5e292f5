import NIOConcurrencyHelpers

/// The connections subscribed to events, and the one way events reach them: `publish`, called
/// by the service's control thread, sends each event to each subscriber in the order published.
/// A subscriber that does not read loses its connection (`ControlConnection`), never the
/// publisher's time.
public final class EventHub: Sendable {
    // A pthread mutex (NIOLock), not Synchronization's Mutex: ThreadSanitizer sees the
    // ordering a pthread mutex makes, and not that of the uninstrumented standard library's.
    private let subscribers = NIOLockedValueBox<Set<ControlConnection>>([])

    public init() {}

    public func subscribe(_ connection: ControlConnection) {
        subscribers.withLockedValue { _ = $0.insert(connection) }
    }

    public func unsubscribe(_ connection: ControlConnection) {
        subscribers.withLockedValue { _ = $0.remove(connection) }
    }

    public var count: Int { subscribers.withLockedValue { $0.count } }

    /// Sends `event` (the notification's params) to every subscriber.
    public func publish(_ event: JSONValue) {
        let line = RPCMessage.event(event)
        let current = subscribers.withLockedValue { $0 }
        for connection in current where !connection.send(line) {
            unsubscribe(connection)
        }
    }
}
