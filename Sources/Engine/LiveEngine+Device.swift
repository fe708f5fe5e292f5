import Clock
import Foundation
import Outputs

/// The device's life on the output thread: programs that start, the quiet spell that closes it,
/// and opening it again, after a quiet spell or when it went away mid-stream.
extension LiveEngine {
    /// How long programs wait for a lost output to come back before they end early: long
    /// enough for a sound server to restart or a USB DAC to be plugged back in.
    public static let outputWaitLimit = Duration.seconds(300)
    /// How long the engine tries every 100 ms before it says the programs wait, and from then
    /// on tries every second: a sound server that restarts is back within it.
    public static let quickRetrySpell = Duration.seconds(2)

    /// Takes the programs that started, with the device opened for them when it was closed.
    /// Each plays from the first frame the device lets go of: what the device holds of the
    /// others is taken back and written again with it, so that it is heard within the latency.
    /// `arrived`, empty with room for every program, trades buffers with `arrivals` and is
    /// emptied in place: a copy would share the buffer, and emptying either would allocate.
    /// Thread: output.
    func adoptArrivals(
        _ programs: inout [EngineProgram], _ arrived: inout [EngineProgram], _ device: inout DevicePlayback
    ) {
        lock.lock()
        swap(&arrivals, &arrived)
        arriving.store(false, ordering: .releasing)
        if let opened {
            self.opened = nil
            use(opened, &device)
            closed = false
        }
        lock.unlock()
        for program in arrived {
            guard programs.count < programs.capacity else {
                // More programs than the engine was made for: it ends at once, unheard.
                retire(program, device)
                continue
            }
            device.place(program, among: programs, output: output, sampleRate: sampleRate)
            programs.append(program)
        }
        arrived.removeAll(keepingCapacity: true)
    }

    /// Makes `opened` the device, the clock going on from what the last one played; after a
    /// quiet spell, silence first.
    /// Thread: output, holding `lock`.
    private func use(_ opened: any AudioOutput, _ device: inout DevicePlayback) {
        output = opened
        let handle = EngineProgram.Interruptible(opened)
        interruptible.withLock { $0 = handle }
        takesBackFlag.store(opened.takesBack, ordering: .releasing)
        device.open(wakeFrames: wakeFrames)
    }

    /// Opens the device again after a quiet spell (or a failure) closed it, for a program that
    /// resumes or starts, retrying as after a loss. The quiet spell of the programs still paused
    /// starts again.
    /// Thread: output.
    func reopenAfterQuiet(_ device: inout DevicePlayback, _ programs: [EngineProgram]) -> Bool {
        outputThread.assertOwned("the live engine's output thread")
        guard reopen(lastError: .deviceLost(reason: "closed while paused"), programs) else { return false }
        lock.withLock { closed = false }
        use(output, &device)
        device.reopened(programs)
        return true
    }

    /// Closes the device once every program has stood still (or none has played) for the quiet
    /// spell: what it still holds is silence, dropped with it, and the clock goes on from what
    /// it played when it is opened again.
    /// Thread: output.
    func closeQuietly(_ programs: [EngineProgram], _ device: inout DevicePlayback) {
        device.publishPlayed(device.written - output.unplayedFrames(), programs)
        for program in programs {
            let seconds = (device.played - program.playback.heldSince) / sampleRate
            program.reports.withLock { $0.notices.append(.closedWhilePaused(seconds: seconds)) }
        }
        closeDevice(&device, forQuiet: true)
        for program in programs { program.playback.segments.truncate(atDevice: device.played) }
    }

    /// Closes the device; the next program (or a resume) opens it again.
    /// Thread: output.
    func closeDevice(_ device: inout DevicePlayback, forQuiet: Bool) {
        device.close(forQuiet: forQuiet, underruns: output.underruns)
        let closedOutput = ClosedOutput(after: output)
        lock.withLock {
            output = closedOutput
            closed = true
        }
        let handle = EngineProgram.Interruptible(closedOutput)
        interruptible.withLock { $0 = handle }
    }

    /// Opens a device again, trying for up to `outputWaitLimit` (every 100 ms at first, then
    /// every second); meanwhile nothing is written, so the programs' clocks, the device's
    /// frames, stand still as in a pause. False when none opened (the failure recorded) or when
    /// every program was ended while it waited (no failure: they end early, as asked).
    /// Thread: output.
    func reconnect(after error: OutputError, _ programs: [EngineProgram]) -> Bool {
        outputThread.assertOwned("the live engine's output thread")
        tell(programs, .reopening(after: error))
        return reopen(lastError: error, programs)
    }

    /// Thread: output.
    private func tell(_ programs: [EngineProgram], _ notice: LiveNotice) {
        for program in programs { program.reports.withLock { $0.notices.append(notice) } }
    }

    /// Thread: output.
    private func reopen(lastError error: OutputError, _ programs: [EngineProgram]) -> Bool {
        var retry = DeviceRetry(after: error)
        let ended = { programs.allSatisfy { $0.endRequest.load(ordering: .acquiring) > 0 } }
        // Whatever ends the wait, the programs no longer wait once it has.
        defer {
            waitingForOutput.store(false, ordering: .releasing)
            if retry.saidWaiting { controlWake?() }
        }
        while retry.goesOn && !stopping.load(ordering: .acquiring) {
            if ended() { return false }
            do {
                lock.lock()
                defer { lock.unlock() }
                let reopened = try opener.open()
                output = reopened
                let handle = EngineProgram.Interruptible(reopened)
                interruptible.withLock { $0 = handle }
                takesBackFlag.store(reopened.takesBack, ordering: .releasing)
                reports.withLock { $0.summary = reopened.summary }
                tell(programs, .playingOn(reopened.summary))
                return true
            } catch {
                if retry.failed(error) {
                    waitingForOutput.store(true, ordering: .releasing)
                    tell(programs, .waiting(limitSeconds: Int(Self.outputWaitLimit.components.seconds)))
                    controlWake?()
                }
                retry.pause(ended: ended)
            }
        }
        reports.withLock { $0.failure = retry.lastError }
        return false
    }
}
