import Outputs

/// A program's requests (pause, resume, the early end, a cut) as the engine's output thread
/// carries them out: a take-back of the device, then a fade of this program alone.
extension EngineProgram {
    /// Thread: output.
    func takeRequests(
        among programs: [EngineProgram], _ device: inout DevicePlayback, output: any AudioOutput, blockFrames: Int
    ) {
        let start = playback.start
        if endRequest.load(ordering: .acquiring) > 0, endsUnheard(among: programs, &device, output: output) {
            endRequest.store(0, ordering: .releasing)
            return
        }
        // An end that starts at a later frame waits until that frame is being written.
        let notBefore = endNotBefore.load(ordering: .acquiring) + start
        let end =
            device.written < notBefore ? 0 : endRequest.exchange(0, ordering: .acquiringAndReleasing)
        let pause = pauseRequest.exchange(0, ordering: .acquiringAndReleasing)
        if end > 0 || pause > 0, case .finishing = playback.mode {
            // What the device still holds of the stream's end is taken back like any other.
            playback.mode = .playing
            playback.clockLimit = .max
        }
        if end > 0 {
            switch playback.mode {
            case .playing, .finishing:
                _ = device.takeBack(programs, notBefore: notBefore, output: output)
                playback.fade(to: 0, frames: end, then: .end)
            case .held:
                // Silence is playing: nothing is left to fade, and the clock stands where it is.
                playback.mode = .ending(after: 0)
                playback.clockLimit = 0
            case .ending:
                break
            }
            return
        }
        if pause > 0, playback.isPlaying {
            let at = device.takeBack(programs, output: output)
            playback.fade(to: 0, frames: pause, then: .hold(at: playback.history.next))
            pausedAt.store(at - start, ordering: .releasing)
        }
        let resume = resumeRequest.exchange(0, ordering: .acquiringAndReleasing)
        if resume > 0, case let .held(source) = playback.mode {
            let at = device.takeBack(programs, output: output)
            playback.history.rewind(to: source)
            playback.mode = .playing
            playback.fade(to: 1, frames: resume, then: .playOn)
            resumedAt.store(at - start, ordering: .releasing)
        }
        if playback.fadeLeft == 0 { takeCut(among: programs, &device, output: output, blockFrames: blockFrames) }
    }

    /// Ends a program none of whose frames will be heard (a bell waiting for its instant) at
    /// once, taking back what the device holds of it; false when some may already be heard.
    /// Thread: output.
    private func endsUnheard(
        among programs: [EngineProgram], _ device: inout DevicePlayback, output: any AudioOutput
    ) -> Bool {
        let start = playback.start
        if playback.wroteFirst {
            guard let at = device.takeBackFrame(output: output), at <= start else { return false }
            device.takeBack(programs, from: start, output: output)
        }
        playback.mode = .ending(after: 0)
        playback.clockLimit = 0
        return true
    }

    /// Starts a cut asked for, once the mixer has rendered its frame and its fade-in: what
    /// the device would play from the first frame it lets go of fades out, and then the frame
    /// asked for fades in (`fadeEnded`).
    /// Thread: output.
    private func takeCut(
        among programs: [EngineProgram], _ device: inout DevicePlayback, output: any AudioOutput, blockFrames: Int
    ) {
        let frame = cutFrame.load(ordering: .acquiring)
        guard frame >= 0 else { return }
        guard playback.isPlaying, output.takesBack else {
            // Paused, at the end, or a device that cannot take back: there is nothing to cut,
            // and the frame comes in its turn.
            declineCut()
            return
        }
        let fade = cutFadeFrames.load(ordering: .acquiring)
        // Its fade-in and a block more: the mixer renders the rest faster than it is played. (Not
        // a period: a device asking for a second at a time would hold the cut back that long.)
        let ready =
            playback.history.rendered
            >= min(frame + fade + blockFrames, endFrameValue.load(ordering: .acquiring))
            || renderingDone.load(ordering: .acquiring)
        guard ready else { return }
        guard let at = device.takeBackFrame(output: output) else {
            declineCut()
            return
        }
        let source = playback.segments.source(atDevice: at) ?? playback.history.next
        // Too little before the frame (a device holding little): the mixer's own cross-fade
        // is heard within the latency anyway.
        guard frame - source >= 2 * fade, frame < playback.history.rendered else {
            declineCut()
            return
        }
        cutFrame.store(-1, ordering: .releasing)
        device.takeBack(programs, from: at, output: output)
        playback.fade(to: 0, frames: fade, then: .cut(to: frame, fadeIn: fade))
    }

    /// Thread: output.
    func fadeEnded(_ device: inout DevicePlayback) {
        device.fadeEnd = max(device.fadeEnd, device.written)
        switch playback.afterFade {
        case .playOn:
            break
        case let .hold(at):
            // The frames faded out are played again, faded in, on resume.
            playback.history.rewind(to: at)
            playback.mode = .held(at: at)
            playback.heldSince = device.written
        case let .cut(to: frame, fadeIn: fadeIn):
            // Checked rendered when the cut began; should it not be, playback goes on as it was.
            let skipped = playback.history.skip(to: frame)
            cutAt.store(
                skipped ? device.written - playback.start : EngineProgram.cutDeclined, ordering: .releasing)
            playback.fade(to: 1, frames: fadeIn, then: .playOn)
            return
        case .end:
            // Nothing more is heard: silence over what the device still holds, and the clock
            // stops where the fade ended.
            playback.mode = .ending(after: device.written)
            playback.clockLimit = min(playback.clockLimit, device.written)
        }
        playback.afterFade = .playOn
    }
}
