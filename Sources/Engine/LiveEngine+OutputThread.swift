import Clock
import Dispatch
import Foundation
import Mixer
import Outputs
import Rings

/// The output thread: mixes what every program has rendered into the device, fades for pauses,
/// cuts and early ends, and publishes each program's clock.
extension LiveEngine {
    /// What became of a write.
    enum WriteOutcome {
        case written
        /// The device failed and another was opened: the frames were not played, and
        /// `carryOn` has set up what the new device plays.
        case replaced
        /// The device failed and none could be opened again.
        case failed
    }

    /// Thread: output.
    func runOutput() {
        InterruptionSignals.mask(SIG_BLOCK)
        ThreadPriority.requestRealtime()
        let mix = UnsafeMutableBufferPointer<Float>.allocate(capacity: periodFrames * 2)
        mix.initialize(repeating: 0)
        defer { mix.deallocate() }
        var device = DevicePlayback()
        device.closed = lock.withLock { closed }
        // Adopting a program appends within this room: no allocation on this thread.
        var programs: [EngineProgram] = []
        programs.reserveCapacity(Self.programRoom)
        var playedOut = false
        // Each program's mixer keeps it under the ceiling; programs heard together (a bell over
        // a sit) can pass it again, and this one keeps their sum there.
        var ceiling = PeakCeiling(sampleRate: sampleRate)
        running: while !stopping.load(ordering: .acquiring) {
            let fading = programs.contains { $0.playback.fadeLeft > 0 }
            if arriving.load(ordering: .acquiring) && !fading { adoptArrivals(&programs, &device) }
            // A closed device opens again for a program that resumes, and for one that started
            // as the device closed (the control side found it open).
            if device.closed && programs.contains(where: { !$0.playback.isHeld || $0.wantsResume }) {
                guard reopenAfterQuiet(&device, programs) else {
                    if fail(&programs, &device) { break running }
                    continue
                }
            }
            if !fading && device.wakeLeft == 0 {
                for program in programs { takeRequests(program, programs, &device) }
            }
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
                publishPlayed(device.written - output.unplayedFrames(), programs, &device)
            }
            if retireFinished(&programs, &device) && !lives {
                playedOut = true
                break running
            }
            let limit = min(room, periodFrames)
            var count = min(limit, device.wakeLeft)
            if device.wakeLeft == 0 {
                switch framesReady(limit, &programs, &device) {
                case let .frames(ready): count = ready
                case .drained: break running
                case .waiting:
                    publishPlayed(device.written - output.unplayedFrames(), programs, &device)
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

    /// Waits while the device has no room, moving the programs' clocks on meanwhile: a device
    /// that asks for frames once a second would otherwise move them once a second. True when
    /// every program has played out and the engine does not live on.
    ///
    /// Thread: output.
    private func awaitRoom(_ programs: inout [EngineProgram], _ device: inout DevicePlayback) -> Bool {
        output.waitForRoom(milliseconds: waitLimit(programs, device))
        publishPlayed(device.written - output.unplayedFrames(), programs, &device)
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
    ) -> WriteOutcome {
        var heard = 0
        for program in programs {
            if contribute(program, frames: count, into: mix, device, writing: heard == 0) { heard += 1 }
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
            if program.playback.fadeLeft == 0 { fadeEnded(program, &device) }
        }
        guard programs.allSatisfy({ $0.playback.isHeld }) else { return }
        let unplayed = output.unplayedFrames()
        if device.written - unplayed - quietSince(programs, device) >= quietFrames {
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

    /// Programs the output thread has room for without allocating.
    static let programRoom = 16

    /// What the programs have ready to play in the next write.
    enum Readiness {
        case frames(Int)
        /// Every program's mixer is behind: wait for it.
        case waiting
        /// A one-shot's stream ran out on a device that cannot take back: it has drained.
        case drained
    }

    /// How many frames (at most `limit`) every program playing has ready: a program not started
    /// yet, a fade's end and a stream's end cut the write short, so each write plays one thing
    /// per program.
    /// Thread: output.
    private func framesReady(
        _ limit: Int, _ programs: inout [EngineProgram], _ device: inout DevicePlayback
    ) -> Readiness {
        var count = limit
        var starved = false
        for program in programs {
            if program.playback.start > device.written {
                count = min(count, program.playback.start - device.written)
                continue
            }
            guard program.playback.isPlaying else { continue }
            if program.playback.fadeLeft > 0 { count = min(count, program.playback.fadeLeft) }
            let available = program.playback.history.available
            if available > 0 {
                count = min(count, available)
                continue
            }
            guard program.renderingDone.load(ordering: .acquiring) && program.ring.availableToRead == 0 else {
                starved = true
                continue
            }
            if !lives && programs.count == 1 && output.rewritableFrame() == nil {
                // A device that cannot take frames back has little left: it drains.
                finish(program, &device)
                return .drained
            }
            // Silence after the last frame, so that the device does not run dry before it has
            // played it, and a pause can still take it back.
            program.playback.mode = .finishing(contentEnd: device.written)
            program.playback.clockLimit = device.written
        }
        return starved ? .waiting : .frames(count)
    }

    /// Adds what `program` plays in the next `frames` device frames into `mix` (or, `writing`,
    /// writes it there), and notes which of its frames they are. True when it put all `frames`
    /// frames in the mix; false when it plays none (silence) and left the mix as it was.
    /// Thread: output.
    private func contribute(
        _ program: EngineProgram, frames: Int, into mix: UnsafeMutableBufferPointer<Float>, _ device: DevicePlayback,
        writing: Bool
    ) -> Bool {
        guard program.playback.start <= device.written else { return false }
        if device.wakeLeft > 0 {
            // Only silence while the device wakes: whatever stands still stays where it is.
            if case let .held(at) = program.playback.mode {
                program.playback.segments.wrote(atDevice: device.written, source: at, silent: true)
            }
            return false
        }
        switch program.playback.mode {
        case .playing:
            guard let target = mix.baseAddress else { return false }
            let source = program.playback.history.next
            program.playback.segments.wrote(atDevice: device.written, source: source, silent: false)
            program.deviceOffset.store(device.written - program.playback.start - source, ordering: .releasing)
            var done = 0
            while done < frames {
                let piece = program.playback.history.take(upTo: frames - done)
                guard let base = piece.baseAddress, piece.count > 0 else { break }
                if writing {
                    program.playback.gain.write(base, into: target + 2 * done, frames: piece.count / 2)
                } else {
                    program.playback.gain.accumulate(base, into: target + 2 * done, frames: piece.count / 2)
                }
                done += piece.count / 2
            }
            // `framesReady` counted these frames in the history; should any lack, they are silence.
            if writing && done < frames { (target + 2 * done).update(repeating: 0, count: 2 * (frames - done)) }
            program.roomMade.signal()
            return true
        case let .held(at):
            program.playback.segments.wrote(atDevice: device.written, source: at, silent: true)
        case .finishing, .ending:
            let end = program.playback.history.end
            program.playback.segments.wrote(atDevice: device.written, source: end, silent: true)
        }
        return false
    }

    /// How long to wait for the device at most: while a program's last frames play out, only
    /// until the device should have played them.
    /// Thread: output.
    private func waitLimit(_ programs: [EngineProgram], _ device: DevicePlayback) -> Int? {
        var limit: Int?
        for program in programs {
            switch program.playback.mode {
            case .playing, .held:
                // A cut waits for the mixer to render its frame: soon, and no request wakes the device.
                if program.cutFrame.load(ordering: .relaxed) >= 0 { limit = min(limit ?? 5, 5) }
            case let .finishing(contentEnd), let .ending(after: contentEnd):
                let left = contentEnd - device.played
                let milliseconds = max(5, min(250, left * 1000 / sampleRate))
                limit = min(limit ?? milliseconds, milliseconds)
            }
        }
        return limit
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
        program.underrunCount.store(underrunsSoFar(device) - program.playback.underrunsBefore, ordering: .relaxed)
        program.stopping.store(true, ordering: .releasing)
        program.roomMade.signal()
        program.finishedFlag.store(true, ordering: .releasing)
        programsPlaying.subtract(1, ordering: .acquiringAndReleasing)
        controlWake?()
    }

    /// Underruns of every device so far.
    /// Thread: output.
    private func underrunsSoFar(_ device: DevicePlayback) -> Int {
        device.underrunsOfClosedDevices + (device.countUnderrunsOfCurrentDevice ? output.underruns : 0)
    }

    /// The stream has run out after its last frame, on a device that cannot take frames back
    /// (so it holds nothing beyond them): it drains, and that is the end, not an underrun.
    /// Thread: output.
    private func finish(_ program: EngineProgram, _ device: inout DevicePlayback) {
        device.underrunsOfClosedDevices += output.underruns
        device.countUnderrunsOfCurrentDevice = false
        output.drain()
        publishPlayed(device.written, [program], &device)
    }

    /// The device frame since which every program has stood still (or none has played).
    /// Thread: output.
    private func quietSince(_ programs: [EngineProgram], _ device: DevicePlayback) -> Int {
        programs.reduce(programs.isEmpty ? device.emptySince : 0) { max($0, $1.playback.heldSince) }
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
    ) -> WriteOutcome {
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
            carryOn(programs, &device)
            return .replaced
        }
        for program in programs where !program.playback.wroteFirst && program.playback.start <= device.written {
            program.playback.wroteFirst = true
            program.firstWriteNanoseconds.store(EngineProgram.realtimeNanoseconds(), ordering: .relaxed)
        }
        device.written += samples.count / 2
        device.highWater = max(device.highWater, device.written)
        publishPlayed(device.written - unplayed, programs, &device)
        return .written
    }

    /// Publishes device frame `frame` as heard, and each program's clock from it.
    /// Thread: output.
    func publishPlayed(_ frame: Int, _ programs: [EngineProgram], _ device: inout DevicePlayback) {
        // Never backwards: a device's delay estimate wobbles.
        device.played = max(device.played, frame)
        for program in programs {
            let frames = min(device.played, program.playback.clockLimit) - program.playback.start
            if frames > program.played.load(ordering: .relaxed) {
                // A clock call, no lock: the reader retries while the count is odd or has moved.
                program.playedSequence.add(1, ordering: .sequentiallyConsistent)
                program.played.store(frames, ordering: .sequentiallyConsistent)
                program.playedNanoseconds.store(MonotonicClock.nanoseconds(), ordering: .sequentiallyConsistent)
                program.playedSequence.add(1, ordering: .sequentiallyConsistent)
            }
            program.playback.segments.forget(before: device.played)
        }
    }
}
