import Foundation

/// Opening a device again when the one playing goes away mid-stream. Thread: the output thread.
extension LiveDriver {
    /// How long a session waits for a lost output to come back before it ends early: long
    /// enough for a sound server to restart or a USB DAC to be plugged back in.
    public static let outputWaitLimit = Duration.seconds(300)
    /// How long the driver tries every 100 ms before it says the session waits, and from then
    /// on tries every second: a sound server that restarts is back within it.
    public static let quickRetrySpell = Duration.seconds(2)

    /// Opens a device again, trying for up to `outputWaitLimit` (every 100 ms at first, then
    /// every second); meanwhile nothing is written, so the session's clock, the device's frames,
    /// stands still as in a pause. False when none opened (the failure recorded) or when the
    /// session was ended while it waited (no failure: it ends early, as asked).
    /// Thread: output.
    func reconnect(after error: OutputError) -> Bool {
        outputThread.assertOwned("the live driver's output thread")
        reports.withLock { $0.notices.append(.reopening(after: error)) }
        return reopen(lastError: error)
    }

    /// Opens the device again after a quiet spell closed it, retrying as after a loss.
    /// Thread: output.
    func reopenAfterQuiet() -> Bool {
        outputThread.assertOwned("the live driver's output thread")
        return reopen(lastError: .deviceLost(reason: "closed while paused"))
    }

    /// Closes the device: it has played only a pause's silence for a while. Writes go nowhere
    /// until `reopenAfterQuiet`.
    /// Thread: output.
    func closeForQuiet(pausedSeconds: Int) {
        outputThread.assertOwned("the live driver's output thread")
        let closed = ClosedOutput(after: output)
        output = closed
        let handle = Interruptible(closed)
        interruptible.withLock { $0 = handle }
        reports.withLock { $0.notices.append(.closedWhilePaused(seconds: pausedSeconds)) }
    }

    /// Thread: output.
    private func reopen(lastError error: OutputError) -> Bool {
        let started = ContinuousClock.now
        var lastError = error
        var saidWaiting = false
        // Whatever ends the wait, the session no longer waits once it has.
        defer { waitingForOutput.store(false, ordering: .releasing) }
        while ContinuousClock.now - started < Self.outputWaitLimit && !stopping.load(ordering: .acquiring) {
            if endRequest.load(ordering: .acquiring) > 0 { return false }
            do {
                let reopened = try opener.open()
                output = reopened
                let handle = Interruptible(reopened)
                interruptible.withLock { $0 = handle }
                reports.withLock {
                    $0.summary = reopened.summary
                    $0.notices.append(.playingOn(reopened.summary))
                }
                return true
            } catch {
                lastError = error
                let waited = ContinuousClock.now - started
                if !saidWaiting && waited >= Self.quickRetrySpell {
                    saidWaiting = true
                    waitingForOutput.store(true, ordering: .releasing)
                    reports.withLock {
                        $0.notices.append(.waiting(limitSeconds: Int(Self.outputWaitLimit.components.seconds)))
                    }
                }
                // Tries every 100 ms at first, then every second; an end asked for is seen
                // within 100 ms either way.
                for _ in 0..<(waited < Self.quickRetrySpell ? 1 : 10) where endRequest.load(ordering: .acquiring) == 0 {
                    Thread.sleep(forTimeInterval: 0.1)
                }
            }
        }
        reports.withLock { $0.failure = lastError }
        return false
    }
}
