import Foundation

/// What a flooding client wrote and what it was answered, from two threads, behind a pthread
/// mutex (NSLock), whose ordering ThreadSanitizer sees; `widest` is the most it ever had
/// written and not yet answered.
package final class FloodLedger: @unchecked Sendable {
    private let lock = NSLock()
    private var written = 0
    private var answered = 0
    private var gap = 0

    package init() {}

    package func wrote(_ count: Int) {
        lock.withLock {
            written += count
            gap = max(gap, written - answered)
        }
    }

    package func answer() { lock.withLock { answered += 1 } }

    package var widest: Int { lock.withLock { gap } }
    package var answers: Int { lock.withLock { answered } }
}
