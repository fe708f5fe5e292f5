import NIOConcurrencyHelpers
import NIOCore

/// A listener's open connections, counted from their start to their close: one over `most` is
/// to be closed at once. The Unix socket and the WebSocket listener each have one.
final class ConnectionLimit: Sendable {
    let most: Int
    private let open = NIOLockedValueBox(0)

    init(most: Int) {
        self.most = most
    }

    /// Counts `channel` in until it closes; false when it is over the limit.
    func admit(_ channel: any Channel) -> Bool {
        let count = open.withLockedValue { count in
            count += 1
            return count
        }
        channel.closeFuture.whenComplete { _ in self.open.withLockedValue { $0 -= 1 } }
        return count <= most
    }
}
