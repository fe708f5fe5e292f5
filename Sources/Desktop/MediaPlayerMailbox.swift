import Foundation
import Rings

/// Where the bus thread leaves the desktop's commands for a loop that polls: a list under a
/// lock, and a pipe that is readable while it holds something, to wake a loop that sleeps.
///
/// Thread: `post` on the bus thread, `take` and `descriptor` on the owner's.
public final class MediaPlayerMailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [MediaPlayerCommand] = []
    private let pipe: WakePipe
    /// More than a person presses keys: beyond it, a command is dropped rather than kept.
    static let capacity = 16

    public init?() {
        guard let pipe = WakePipe() else { return nil }
        self.pipe = pipe
    }

    /// Readable while commands wait (for poll).
    public var descriptor: Int32 { pipe.descriptor }

    public func post(_ command: MediaPlayerCommand) {
        let kept = lock.withLock { () -> Bool in
            guard waiting.count < Self.capacity else { return false }
            waiting.append(command)
            return true
        }
        if kept { pipe.wake() }
    }

    /// The commands waiting, oldest first; clears the wake-up.
    public func take() -> [MediaPlayerCommand] {
        pipe.drain()
        return lock.withLock {
            defer { waiting.removeAll() }
            return waiting
        }
    }
}
