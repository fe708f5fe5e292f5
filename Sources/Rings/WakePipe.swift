import Foundation

/// A pipe one thread writes a byte to, to wake another that sleeps in poll() on it (a signal
/// handler may write it too: write(2) is async-signal-safe). Both ends are non-blocking and
/// closed on exec.
public final class WakePipe: @unchecked Sendable {
    private let readEnd: Int32
    private let writeEnd: Int32

    /// Nil when the pipe cannot be made (errno says why).
    public init?() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Readable after `wake`, until `drain`: what the sleeper polls.
    public var descriptor: Int32 { readEnd }

    /// The end `wake` writes to, for a signal handler that cannot call it.
    public var wakingDescriptor: Int32 { writeEnd }

    public func wake() {
        // A full pipe already holds a wake-up.
        var one: UInt8 = 1
        _ = write(writeEnd, &one, 1)
    }

    public func drain() {
        var drained = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &drained, drained.count) > 0 {}
    }
}
