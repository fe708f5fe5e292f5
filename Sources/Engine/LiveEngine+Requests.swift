import Mixer
import Outputs

/// A program's requests (pause, resume, the early end, a cut) as the output thread carries them
/// out: a take-back of the device, then a fade of that program alone.
extension LiveEngine {
    /// Thread: output.
    func takeRequests(_ program: EngineProgram, _ programs: [EngineProgram], _ device: inout DevicePlayback) {
        outputThread.assertOwned("the live engine's output thread")
        let start = program.playback.start
        if program.endRequest.load(ordering: .acquiring) > 0, endsUnheard(program, programs, &device) {
            program.endRequest.store(0, ordering: .releasing)
            return
        }
        // An end that starts at a later frame waits until that frame is being written.
        let notBefore = program.endNotBefore.load(ordering: .acquiring) + start
        let end =
            device.written < notBefore ? 0 : program.endRequest.exchange(0, ordering: .acquiringAndReleasing)
        let pause = program.pauseRequest.exchange(0, ordering: .acquiringAndReleasing)
        if end > 0 || pause > 0, case .finishing = program.playback.mode {
            // What the device still holds of the stream's end is taken back like any other.
            program.playback.mode = .playing
            program.playback.clockLimit = .max
        }
        if end > 0 {
            switch program.playback.mode {
            case .playing, .finishing:
                _ = takeBack(programs, &device, notBefore: notBefore)
                program.playback.fade(to: 0, frames: end, then: .end)
            case .held:
                // Silence is playing: nothing is left to fade, and the clock stands where it is.
                program.playback.mode = .ending(after: 0)
                program.playback.clockLimit = 0
            case .ending:
                break
            }
            return
        }
        if pause > 0, program.playback.isPlaying {
            let at = takeBack(programs, &device)
            program.playback.fade(to: 0, frames: pause, then: .hold(at: program.playback.history.next))
            program.pausedAt.store(at - start, ordering: .releasing)
        }
        let resume = program.resumeRequest.exchange(0, ordering: .acquiringAndReleasing)
        if resume > 0, case let .held(source) = program.playback.mode {
            let at = takeBack(programs, &device)
            program.playback.history.rewind(to: source)
            program.playback.mode = .playing
            program.playback.fade(to: 1, frames: resume, then: .playOn)
            program.resumedAt.store(at - start, ordering: .releasing)
        }
        if program.playback.fadeLeft == 0 { takeCut(program, programs, &device) }
    }

    /// Ends a program none of whose frames will be heard (a bell waiting for its instant) at
    /// once, taking back what the device holds of it; false when some may already be heard.
    /// Thread: output.
    private func endsUnheard(
        _ program: EngineProgram, _ programs: [EngineProgram], _ device: inout DevicePlayback
    ) -> Bool {
        let start = program.playback.start
        if program.playback.wroteFirst {
            guard let at = takeBackFrame(device), at <= start else { return false }
            takeBack(programs, &device, from: start)
        }
        program.playback.mode = .ending(after: 0)
        program.playback.clockLimit = 0
        return true
    }

    /// Starts a cut asked for, once the mixer has rendered its frame and its fade-in: what
    /// the device would play from the first frame it lets go of fades out, and then the frame
    /// asked for fades in (`fadeEnded`).
    /// Thread: output.
    private func takeCut(_ program: EngineProgram, _ programs: [EngineProgram], _ device: inout DevicePlayback) {
        let frame = program.cutFrame.load(ordering: .acquiring)
        guard frame >= 0 else { return }
        guard program.playback.isPlaying, output.takesBack else {
            // Paused, at the end, or a device that cannot take back: there is nothing to cut,
            // and the frame comes in its turn.
            program.declineCut()
            return
        }
        let fade = program.cutFadeFrames.load(ordering: .acquiring)
        // Its fade-in and a block more: the mixer renders the rest faster than it is played. (Not
        // a period: a device asking for a second at a time would hold the cut back that long.)
        let ready =
            program.playback.history.rendered
            >= min(frame + fade + blockFrames, program.endFrameValue.load(ordering: .acquiring))
            || program.renderingDone.load(ordering: .acquiring)
        guard ready else { return }
        guard let at = takeBackFrame(device) else {
            program.declineCut()
            return
        }
        let source = program.playback.segments.source(atDevice: at) ?? program.playback.history.next
        // Too little before the frame (a device holding little): the mixer's own cross-fade
        // is heard within the latency anyway.
        guard frame - source >= 2 * fade, frame < program.playback.history.rendered else {
            program.declineCut()
            return
        }
        program.cutFrame.store(-1, ordering: .releasing)
        takeBack(programs, &device, from: at)
        program.playback.fade(to: 0, frames: fade, then: .cut(to: frame, fadeIn: fade))
    }

    /// Thread: output.
    func fadeEnded(_ program: EngineProgram, _ device: inout DevicePlayback) {
        device.fadeEnd = max(device.fadeEnd, device.written)
        switch program.playback.afterFade {
        case .playOn:
            break
        case let .hold(at):
            // The frames faded out are played again, faded in, on resume.
            program.playback.history.rewind(to: at)
            program.playback.mode = .held(at: at)
            program.playback.heldSince = device.written
        case let .cut(to: frame, fadeIn: fadeIn):
            // Checked rendered when the cut began; should it not be, playback goes on as it was.
            let skipped = program.playback.history.skip(to: frame)
            program.cutAt.store(
                skipped ? device.written - program.playback.start : EngineProgram.cutDeclined, ordering: .releasing)
            program.playback.fade(to: 1, frames: fadeIn, then: .playOn)
            return
        case .end:
            // Nothing more is heard: silence over what the device still holds, and the clock
            // stops where the fade ended.
            program.playback.mode = .ending(after: device.written)
            program.playback.clockLimit = min(program.playback.clockLimit, device.written)
        }
        program.playback.afterFade = .playOn
    }

    /// Takes back what the device holds from the first frame it still lets go of (never inside
    /// a fade already written nor before a program's start, nor before `notBefore`), so that
    /// the next write replaces it; returns that device frame.
    /// Thread: output.
    @discardableResult
    func takeBack(_ programs: [EngineProgram], _ device: inout DevicePlayback, notBefore: Int = 0) -> Int {
        let at = takeBackFrame(device, notBefore: notBefore) ?? device.written
        takeBack(programs, &device, from: at)
        return at
    }

    /// The device frame a take-back starts at: the first the device still lets go of, never
    /// inside a fade already written nor before `notBefore`; nil when it lets go of nothing.
    /// (A device's answer can cost a round trip to its server: asked once per take-back.)
    /// Thread: output.
    func takeBackFrame(_ device: DevicePlayback, notBefore: Int = 0) -> Int? {
        guard let rewritable = output.rewritableFrame() else { return nil }
        return min(device.written, max(rewritable + device.deviceBase, device.fadeEnd, notBefore))
    }

    /// Takes back what the device holds from device frame `at` (from `takeBackFrame`) on: every
    /// program goes back to what it had there, for the next write to replace it.
    /// Thread: output.
    func takeBack(_ programs: [EngineProgram], _ device: inout DevicePlayback, from at: Int) {
        guard at < device.written else { return }
        output.rewrite(from: at - device.deviceBase)
        for program in programs {
            if case let .finishing(contentEnd) = program.playback.mode, contentEnd > at {
                // Its last frames, taken back, are played again.
                program.playback.mode = .playing
                program.playback.clockLimit = .max
            }
            if program.playback.start >= at {
                // It starts later (at its instant): whatever of it was written goes again.
                program.playback.history.rewind(to: 0)
                program.playback.wroteFirst = false
            } else if program.playback.isPlaying, let source = program.playback.segments.source(atDevice: at) {
                program.playback.history.rewind(to: source)
            }
            program.playback.segments.truncate(atDevice: at)
        }
        device.written = at
    }

    /// After a device was opened again: what the lost one held but had not played is played on
    /// the new one, faded in over 10 ms instead of starting with a step.
    /// Thread: output.
    func carryOn(_ programs: [EngineProgram], _ device: inout DevicePlayback) {
        let lostAt = device.played
        device.written = lostAt
        device.highWater = lostAt
        device.deviceBase = lostAt
        device.fadeEnd = lostAt
        for program in programs {
            if program.playback.start >= lostAt {
                // Nothing of it was heard: it starts over, at once or at its instant (the new
                // device's frames go on from the lost one's).
                if program.startNanoseconds == nil { program.playback.start = lostAt }
                program.playback.history.rewind(to: 0)
                program.playback.wroteFirst = false
            }
            switch program.playback.mode {
            case .playing, .finishing:
                program.playback.mode = .playing
                program.playback.clockLimit = .max
                if let source = program.playback.segments.source(atDevice: lostAt) {
                    program.playback.history.rewind(to: source)
                }
            case .held, .ending:
                break
            }
            program.playback.segments.truncate(atDevice: lostAt)
            if program.playback.fadeLeft > 0 {
                // Whatever the fade was for happens at once: the device it was heard on is gone.
                program.playback.gain = GainRamp(value: program.playback.gain.target)
                program.playback.fadeLeft = 0
                fadeEnded(program, &device)
            }
            if program.playback.isPlaying {
                program.playback.gain = GainRamp(value: 0)
                program.playback.fade(
                    to: 1, frames: EngineProgram.reopenFadeMilliseconds * sampleRate / 1000, then: .playOn)
            }
        }
    }
}
