import NIOConcurrencyHelpers
import NIOCore

/// A listener's open connections, counted from their start to their close: one over `most` is
/// to be closed at once, and so is one over `mostPerSource` from one `ConnectionSource`, so
/// that one address on the network (slow or hostile clients) cannot take every place. The Unix
/// socket and the WebSocket listener each have one.
///
/// Thread: any (the listener's event loops count in and out; a lock guards the counts).
final class ConnectionLimit: Sendable {
    let most: Int
    let mostPerSource: Int
    private let open = NIOLockedValueBox(Counts())

    private struct Counts {
        var total = 0
        /// Only sources with a connection open: at most `total` keys.
        var bySource: [ConnectionSource: Int] = [:]
    }

    init(most: Int, mostPerSource: Int? = nil) {
        self.most = most
        self.mostPerSource = mostPerSource ?? most
    }

    /// Counts `channel` in until it closes; false when it is over either limit.
    func admit(_ channel: any Channel) -> Bool {
        let source = ConnectionSource(channel.remoteAddress)
        let (total, fromSource) = open.withLockedValue { counts in
            counts.total += 1
            guard let source else { return (counts.total, 0) }
            let fromSource = counts.bySource[source, default: 0] + 1
            counts.bySource[source] = fromSource
            return (counts.total, fromSource)
        }
        channel.closeFuture.whenComplete { _ in
            self.open.withLockedValue { counts in
                counts.total -= 1
                guard let source, let fromSource = counts.bySource[source] else { return }
                counts.bySource[source] = fromSource > 1 ? fromSource - 1 : nil
            }
        }
        return total <= most && fromSource <= mostPerSource
    }
}
