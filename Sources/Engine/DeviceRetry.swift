import Foundation
import Outputs

/// The wait for a lost or closed device to open again: tried every 100 ms for
/// `LiveEngine.quickRetrySpell`, then every second, up to `LiveEngine.outputWaitLimit`.
/// Kept by the output thread for one wait.
struct DeviceRetry {
    private let started = ContinuousClock.now
    /// Why the device would not open, the last time it was tried.
    private(set) var lastError: OutputError
    /// Whether the programs were told they wait (once the quick spell has passed).
    private(set) var saidWaiting = false
    /// How long it had waited at the last failure.
    private var waited = Duration.zero

    init(after error: OutputError) {
        lastError = error
    }

    /// Whether the wait goes on: the limit has not passed.
    var goesOn: Bool { ContinuousClock.now - started < LiveEngine.outputWaitLimit }

    /// The device would not open: true the first time this happens past the quick spell, when
    /// the programs are to be told they wait.
    mutating func failed(_ error: OutputError) -> Bool {
        lastError = error
        waited = ContinuousClock.now - started
        let tell = !saidWaiting && waited >= LiveEngine.quickRetrySpell
        if tell { saidWaiting = true }
        return tell
    }

    /// Sleeps until the next try: 100 ms in the quick spell, then a second; an end asked for
    /// (`ended`: every program has been ended) is seen within 100 ms either way.
    func pause(ended: () -> Bool) {
        for _ in 0..<(waited < LiveEngine.quickRetrySpell ? 1 : 10) where !ended() {
            Thread.sleep(forTimeInterval: 0.1)
        }
    }
}
