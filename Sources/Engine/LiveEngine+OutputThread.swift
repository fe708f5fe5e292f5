import Clock
import Dispatch
import Foundation
import Mixer
import Outputs
import Rings

/// The output thread: mixes what every program has rendered into the device, fades for pauses,
/// cuts and early ends, and publishes each program's clock.
extension LiveEngine {
    /// Thread: output.
    func runOutput() {
        InterruptionSignals.mask(SIG_BLOCK)
        ThreadPriority.requestRealtime()
        let mix = UnsafeMutableBufferPointer<Float>.allocate(capacity: periodFrames * 2)
        mix.initialize(repeating: 0)
        defer { mix.deallocate() }
        var device = DevicePlayback()
        device.closed = lock.withLock { closed }
        // Room for every program; `arrived` trades buffers with `arrivals` (`adoptArrivals`).
        var programs = ProgramRoom.empty()
        var arrived = ProgramRoom.empty()
        var playedOut = false
        // Each program's mixer keeps it under the ceiling; programs heard together (a bell over
        // a sit) can pass it again, and this one keeps their sum there.
        var ceiling = PeakCeiling(sampleRate: sampleRate)
        running: while !stopping.load(ordering: .acquiring) {
            let fading = programs.contains { $0.playback.fadeLeft > 0 }
            if arriving.load(ordering: .acquiring) && !fading { adoptArrivals(&programs, &arrived, &device) }
            // A closed device opens again for a program that resumes, and for one that started
            // as the device closed (the control side found it open).
            if device.closed && programs.contains(where: { !$0.playback.isHeld || $0.wantsResume }) {
                guard reopenAfterQuiet(&device, programs) else {
                    if fail(&programs, &device) { break running }
                    continue
                }
            }
            if !fading && device.wakeLeft == 0 { takeRequests(programs, &device) }
            if device.closed {
                if retireFinished(&programs, &device) && !lives { break running }
                // Nothing is written to a closed device: a program, a resume or an end wakes the
                // thread (each signals); the time-out is only a safety net.
                _ = wake.wait(timeout: .now() + .seconds(10))
                continue
            }
            let room = output.writableFrames()
            if room == 0 {
                if awaitRoom(&programs, &device) {
                    playedOut = true
                    break running
                }
                continue
            }
            if programs.contains(where: { !$0.playback.isPlaying && !$0.playback.isHeld }) {
                // A program's last frames are playing out: the device tells how far.
                device.publishPlayed(device.written - output.unplayedFrames(), programs)
            }
            if retireFinished(&programs, &device) && !lives {
                playedOut = true
                break running
            }
            let limit = min(room, periodFrames)
            var count = min(limit, device.wakeLeft)
            if device.wakeLeft == 0 {
                switch device.framesReady(limit, programs, drains: !lives, output: output) {
                case let .frames(ready): count = ready
                case .drained: break running
                case .waiting:
                    device.publishPlayed(device.written - output.unplayedFrames(), programs)
                    // Short enough to keep the clock moving while a mixer waits for a command.
                    _ = wake.wait(timeout: .now() + .milliseconds(100))
                    continue
                }
            }
            switch mixAndWrite(count, programs, &device, mix: mix, ceiling: &ceiling) {
            case .failed:
                if fail(&programs, &device) { break running }
                continue
            case .replaced:
                // These frames went to the lost device: the new one plays from its clock, with
                // the fade-in `carryOn` started, which they must not count against.
                continue
            case .written:
                break
            }
            advance(count, limit: limit, programs, &device)
        }
        finishOutput(programs, device, playedOut: playedOut)
    }

    /// Carries out every program's requests (`EngineProgram+Requests`).
    /// Thread: output.
    private func takeRequests(_ programs: [EngineProgram], _ device: inout DevicePlayback) {
        outputThread.assertOwned("the live engine's output thread")
        for program in programs {
            program.takeRequests(among: programs, &device, output: output, blockFrames: blockFrames)
        }
    }

    /// Waits while the device has no room, moving the programs' clocks on meanwhile: a device
    /// that asks for frames once a second would otherwise move them once a second. True when
    /// every program has played out and the engine does not live on.
    ///
    /// Thread: output.
    private func awaitRoom(_ programs: inout [EngineProgram], _ device: inout DevicePlayback) -> Bool {
        output.waitForRoom(milliseconds: device.waitLimit(programs, sampleRate: sampleRate))
        device.publishPlayed(device.written - output.unplayedFrames(), programs)
        return retireFinished(&programs, &device) && !lives
    }

    /// Mixes `count` frames of every program heard into `mix`, keeps their sum under the
    /// ceiling, and writes them. The first program heard writes its frames into the mix, the
    /// others add theirs: one program alone costs a copy, not a clearing and a sum.
    ///
    /// Thread: output.
    private func mixAndWrite(
        _ count: Int, _ programs: [EngineProgram], _ device: inout DevicePlayback,
        mix: UnsafeMutableBufferPointer<Float>, ceiling: inout PeakCeiling
    ) -> EngineWriteOutcome {
        var heard = 0
        for program in programs {
            if program.contribute(frames: count, into: mix, device, writing: heard == 0) { heard += 1 }
        }
        if heard == 0 { mix.baseAddress?.update(repeating: 0, count: 2 * count) }
        if let base = mix.baseAddress, heard > 1 || !ceiling.isIdle { ceiling.apply(to: base, frames: count) }
        return write(UnsafeBufferPointer(rebasing: mix[..<(2 * count)]), programs, &device)
    }

    /// After `count` frames were written: the device's waking and the programs' fades move on,
    /// and while every program is held, the device is closed once it has been quiet long enough,
    /// else silence is given at the wall clock's pace.
    ///
    /// Thread: output.
    private func advance(_ count: Int, limit: Int, _ programs: [EngineProgram], _ device: inout DevicePlayback) {
        device.wakeLeft -= min(count, device.wakeLeft)
        for program in programs where program.playback.isPlaying && program.playback.fadeLeft > 0 {
            program.playback.fadeLeft -= min(count, program.playback.fadeLeft)
            if program.playback.fadeLeft == 0 { program.fadeEnded(&device) }
        }
        guard programs.allSatisfy({ $0.playback.isHeld }) else { return }
        let unplayed = output.unplayedFrames()
        if device.written - unplayed - device.quietSince(programs) >= quietFrames {
            closeQuietly(programs, &device)
            return
        }
        // A device that holds nothing of what it was given plays it at once (ALSA's null
        // device, whose clock is the frames written): silence is then given at the wall
        // clock's pace, a period at a time, instead of as fast as the device takes it,
        // which spun a core at this thread's real-time priority for as long as the
        // silence lasted. A request (resume, end, a program) cuts the wait short.
        if unplayed < limit {
            _ = wake.wait(timeout: .now() + .nanoseconds(limit * 1_000_000_000 / sampleRate))
        }
    }

    /// The thread's end: the last frames played out where the device still plays them, and
    /// every program retired, those that came as the engine stopped unheard.
    ///
    /// Thread: output.
    private func finishOutput(_ programs: [EngineProgram], _ device: DevicePlayback, playedOut: Bool) {
        if playedOut || (lives && !device.closed) {
            // The device's clock says the last frame heard has been played; a sink that renders
            // in chunks may not have taken it yet, and closing now would cut the fade short.
            Thread.sleep(forTimeInterval: Double(output.playOutFrames) / Double(sampleRate))
        }
        for program in programs { retire(program, device) }
        for program in lock.withLock({ arrivals }) { retire(program, device) }
        finishedFlag.store(true, ordering: .releasing)
    }

    /// Ends every program that has played its last frame heard; true when any did. A one-shot's
    /// program is left to the end of the thread, which waits for the device's play-out first.
    /// Thread: output.
    @discardableResult
    private func retireFinished(_ programs: inout [EngineProgram], _ device: inout DevicePlayback) -> Bool {
        var any = false
        var index = 0
        while index < programs.count {
            let program = programs[index]
            switch program.playback.mode {
            case .playing, .held:
                index += 1
            case let .finishing(contentEnd), let .ending(after: contentEnd):
                guard device.played >= contentEnd || device.closed else {
                    index += 1
                    continue
                }
                any = true
                if !lives { return true }
                retire(program, device)
                programs.remove(at: index)
                if programs.isEmpty { device.emptySince = device.written }
            }
        }
        return any
    }

    /// The program has ended: its mixer stops, its control side sees it finished.
    /// Thread: output.
    func retire(_ program: EngineProgram, _ device: DevicePlayback) {
        program.underrunCount.store(
            device.underrunsSoFar(output: output) - program.playback.underrunsBefore, ordering: .relaxed)
        program.stopping.store(true, ordering: .releasing)
        program.roomMade.signal()
        program.finishedFlag.store(true, ordering: .releasing)
        programsPlaying.subtract(1, ordering: .acquiringAndReleasing)
        controlWake?()
    }

    /// The device failed for good: every program ends with that failure. True when the engine
    /// ends too (a one-shot); a living one closes its device and waits for the next program.
    /// Thread: output.
    private func fail(_ programs: inout [EngineProgram], _ device: inout DevicePlayback) -> Bool {
        let failure = reports.withLock { reports in
            defer { reports.failure = nil }
            return reports.failure
        }
        for program in programs {
            if let failure { program.reports.withLock { $0.failure = failure } }
            retire(program, device)
        }
        programs.removeAll(keepingCapacity: true)
        guard lives else { return true }
        closeDevice(&device, forQuiet: false)
        return false
    }

    /// Writes `samples` (the mix) to the device, noting which programs' first frames it holds.
    /// Thread: output.
    func write(
        _ samples: UnsafeBufferPointer<Float>, _ programs: [EngineProgram], _ device: inout DevicePlayback
    ) -> EngineWriteOutcome {
        outputThread.assertOwned("the live engine's output thread")
        let unplayed: Int
        do {
            unplayed = try output.write(samples)
        } catch {
            device.underrunsOfClosedDevices += output.underruns
            guard !programs.isEmpty else {
                // Nothing plays: the next program opens a device anew.
                closeDevice(&device, forQuiet: false)
                return .replaced
            }
            guard reconnect(after: error, programs) else { return .failed }
            device.carryOn(programs, sampleRate: sampleRate)
            return .replaced
        }
        for program in programs where !program.playback.wroteFirst && program.playback.start <= device.written {
            program.playback.wroteFirst = true
            program.firstWriteNanoseconds.store(EngineProgram.realtimeNanoseconds(), ordering: .relaxed)
        }
        device.written += samples.count / 2
        device.highWater = max(device.highWater, device.written)
        device.publishPlayed(device.written - unplayed, programs)
        return .written
    }
}
