import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Which thread owns one side of something that two threads share (a ring's producer side, the
/// mixer's render side, the output thread's state), checked in debug builds as swift-nio's
/// `assertInEventLoop` checks an event loop's: the first thread to call claims it, and a call
/// from any other thread stops the program with the side's name, until `handOver()` frees it
/// for the next thread (a decoder started again after a seek).
///
/// In release builds `assertOwned` compiles to nothing: the render path pays no atomic for it.
public struct ThreadOwner: ~Copyable, Sendable {
    @usableFromInline let owner = Atomic<UInt>(0)

    public init() {}

    /// Whether ownership is checked: in debug builds only, where `assert` evaluates its condition.
    public static var isChecking: Bool {
        var checking = false
        assert(noteChecking(&checking))
        return checking
    }

    private static func noteChecking(_ checking: inout Bool) -> Bool {
        checking = true
        return true
    }

    /// Debug builds: claims this side for the calling thread if no thread has it, and stops
    /// the program if another thread has. Release builds: nothing.
    @inlinable @inline(__always)
    public func assertOwned(_ side: StaticString, file: StaticString = #fileID, line: UInt = #line) {
        assert(claim(), "\(side) used from a thread that does not own it", file: file, line: line)
    }

    /// Frees this side for whichever thread calls next. Call it where the work really moves to
    /// another thread, once the thread that had it has stopped using it.
    public func handOver() {
        owner.store(0, ordering: .relaxed)
    }

    @usableFromInline func claim() -> Bool {
        let me = UInt(pthread_self())
        let (claimed, current) = owner.compareExchange(expected: 0, desired: me, ordering: .relaxed)
        return claimed || current == me
    }
}
