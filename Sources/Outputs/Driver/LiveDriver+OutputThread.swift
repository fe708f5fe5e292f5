import Dispatch
import Foundation
import Mixer
import Rings

/// The output thread: drains the ring into the device, fades for pauses and the early end, and
/// publishes the frames the device has played.
extension LiveDriver {
    /// What the output thread is writing.
    private enum Mode {
        /// The mixer's frames.
        case playing
        /// Silence, while paused; playback stands at this mixer frame.
        case held(at: Int)
        /// The stream has run out: silence while the device plays what it holds of it, to this
        /// frame (a device that can take back what it holds: a pause may still come).
        case finishing(contentEnd: Int)
        /// Nothing more is heard; playback stops once the device has played up to this frame.
        case ending(after: Int)
    }

    /// What happens when a fade in progress is over.
    private enum AfterFade {
        case playOn
        case hold(at: Int)
        /// Play on from mixer frame `to`, fading in over `fadeIn`.
        case cut(to: Int, fadeIn: Int)
        case end
    }

    /// What became of a write.
    private enum WriteOutcome {
        case written
        /// The device failed and another was opened: the frames were not played, and
        /// `carryOn` has set up what the new device plays.
        case replaced
        /// The device failed and none could be opened again.
        case failed
    }

    /// The output thread's state, owned by it.
    private struct Playback: ~Copyable {
        var history: SourceHistory
        var segments = DeviceSegments()
        var mode = Mode.playing
        var gain = GainRamp(value: 1)
        var fadeLeft = 0
        var afterFade = AfterFade.playOn
        /// Where the last fade ended: a later change never cuts into it.
        var fadeEnd = 0
        /// Device frames written, over every device opened (the current one's first is `deviceBase`).
        var written = 0
        /// The furthest device frame written to the current device.
        var highWater = 0
        var deviceBase = 0
        var underrunsOfClosedDevices = 0
        /// The last device frame the clock may reach: where the stream ended, before the silence
        /// written over what the device still held.
        var clockLimit = Int.max
        /// Whether the current device's underruns count: not once the stream has run dry at its end.
        var countUnderrunsOfCurrentDevice = true
        /// The device frame where the last pause's silence began.
        var heldSince = 0
        /// Whether the device is closed for a quiet spell (a long pause).
        var closed = false
        /// Silence still to write, on a device opened again after a quiet spell, before the resume.
        var wakeLeft = 0

        /// Thread: output.
        init(history: consuming SourceHistory) {
            self.history = history
        }

        /// Thread: output.
        mutating func fade(to target: Float, frames: Int, then after: AfterFade) {
            gain.ramp(to: target, frames: frames, curve: .equalPower)
            fadeLeft = frames
            afterFade = after
        }
    }

    /// Thread: output.
    func runOutput() {
        InterruptionSignals.mask(SIG_BLOCK)
        ThreadPriority.requestRealtime()
        let work = UnsafeMutableBufferPointer<Float>.allocate(capacity: periodFrames * 2)
        work.initialize(repeating: 0)
        let silence = UnsafeMutableBufferPointer<Float>.allocate(capacity: periodFrames * 2)
        silence.initialize(repeating: 0)
        defer {
            work.deallocate()
            silence.deallocate()
        }
        var state = Playback(history: SourceHistory(keeping: historyFrames, of: ring))
        var playedOut = false
        playing: while !stopping.load(ordering: .acquiring) {
            if state.closed && resumeRequest.load(ordering: .acquiring) > 0 {
                guard reopenAfterQuiet() else { break playing }
                state.closed = false
                state.wakeLeft = wakeFrames
                // The quiet spell starts again: the resume is on its way, after the wake-up
                // silence, which its take-back must leave whole.
                state.heldSince = state.written
                state.fadeEnd = state.written + wakeFrames
            }
            if state.fadeLeft == 0 && state.wakeLeft == 0 { takeRequests(&state) }
            let room = output.writableFrames()
            if room == 0 {
                output.waitForRoom(milliseconds: waitLimit(state))
                if finishedPlaying(&state) {
                    playedOut = true
                    break playing
                }
                // The clock moves on while the device plays what it holds: a device that asks
                // for frames once a second would otherwise move it once a second.
                switch state.mode {
                case .playing, .held: publishPlayed(state.written - output.unplayedFrames(), &state)
                case .finishing, .ending: break
                }
                continue
            }
            if finishedPlaying(&state) {
                playedOut = true
                break playing
            }
            let limit = min(room, periodFrames)
            switch state.mode {
            case .playing:
                let frames = state.fadeLeft > 0 ? min(limit, state.fadeLeft) : limit
                let piece = state.history.take(upTo: frames)
                let count = piece.count / 2
                if count == 0 {
                    if renderingDone.load(ordering: .acquiring) && ring.availableToRead == 0 {
                        guard output.rewritableFrame() != nil else {
                            // A device that cannot take frames back has little left: it drains.
                            finish(&state)
                            break playing
                        }
                        state.mode = .finishing(contentEnd: state.written)
                        state.clockLimit = state.written
                        continue
                    }
                    publishPlayed(state.written - output.unplayedFrames(), &state)
                    // Short enough to keep the clock moving while the mixer waits for a command.
                    _ = framesWritten.wait(timeout: .now() + .milliseconds(100))
                    continue
                }
                roomMade.signal()
                let source = state.history.next - count
                var samples = piece
                if state.fadeLeft > 0 || state.gain.target != 1 {
                    guard let base = piece.baseAddress, let target = work.baseAddress else { continue }
                    target.update(from: base, count: piece.count)
                    state.gain.apply(to: target, frames: count)
                    samples = UnsafeBufferPointer(rebasing: work[..<piece.count])
                }
                switch write(samples, source: source, silent: false, &state) {
                case .failed:
                    break playing
                case .replaced:
                    // These frames went to the lost device: the new one plays from its clock,
                    // with the fade-in `carryOn` started, which they must not count against.
                    continue
                case .written:
                    break
                }
                if state.fadeLeft > 0 {
                    state.fadeLeft -= count
                    if state.fadeLeft == 0 { fadeEnded(&state) }
                }
            case let .held(at):
                if state.closed {
                    // Nothing is written to a closed device: a resume or an end wakes the thread
                    // (both signal); the time-out is only a safety net.
                    _ = framesWritten.wait(timeout: .now() + .seconds(10))
                    continue
                }
                let frames = state.wakeLeft > 0 ? min(limit, state.wakeLeft) : limit
                guard writeSilence(frames, standingAt: at, from: silence, &state) != .failed else { break playing }
                state.wakeLeft -= min(frames, state.wakeLeft)
                let unplayed = output.unplayedFrames()
                if state.written - unplayed - state.heldSince >= quietFrames {
                    closeQuietly(&state)
                    continue
                }
                // A device that holds nothing of what it was given plays it at once (ALSA's null
                // device, whose clock is the frames written): the pause's silence is then given
                // at the wall clock's pace, a period at a time, instead of as fast as the device
                // takes it, which spun a core at this thread's real-time priority for as long as
                // the pause lasted. A request (resume, end) cuts the wait short.
                if unplayed < limit {
                    let nanoseconds = limit * 1_000_000_000 / renderer.format.sampleRate
                    _ = framesWritten.wait(timeout: .now() + .nanoseconds(nanoseconds))
                }
            case .finishing:
                // Silence after the last frame, so that the device does not run dry before it has
                // played it, and a pause can still take it back.
                guard writeSilence(limit, standingAt: state.history.end, from: silence, &state) != .failed else {
                    break playing
                }
            case let .ending(after):
                state.clockLimit = min(state.clockLimit, after)
                // Silence over what the device still holds of before the fade-out (it must not be
                // heard after it), and after that, until the device has played the fade: the
                // device keeps asking, so the loop waits on it and its clock keeps moving. (A
                // sleep here instead left PulseAudio's timing unanswered, and the session
                // never ended.)
                guard writeSilence(limit, standingAt: state.history.end, from: silence, &state) != .failed else {
                    break playing
                }
            }
        }
        if playedOut {
            // The device's clock says the last frame heard has been played; a sink that renders
            // in chunks may not have taken it yet, and closing now would cut the fade short.
            Thread.sleep(forTimeInterval: Double(output.playOutFrames) / Double(renderer.format.sampleRate))
        }
        underrunCount.store(
            state.underrunsOfClosedDevices
                + (state.countUnderrunsOfCurrentDevice ? output.underruns : 0), ordering: .relaxed)
        stopping.store(true, ordering: .releasing)
        roomMade.signal()
        finishedFlag.store(true, ordering: .releasing)
    }

    /// How long to wait for the device at most: while the stream's last frames play out, only
    /// until the device should have played them.
    /// Thread: output.
    private func waitLimit(_ state: borrowing Playback) -> Int? {
        switch state.mode {
        case .playing, .held:
            // A cut waits for the mixer to render its frame: soon, and no request wakes the device.
            return cutFrame.load(ordering: .relaxed) >= 0 ? 5 : nil
        case let .finishing(contentEnd), let .ending(after: contentEnd):
            let left = contentEnd - played.load(ordering: .acquiring)
            return max(5, min(250, left * 1000 / renderer.format.sampleRate))
        }
    }

    /// Whether the device has played the last frame that is heard (publishing its clock).
    /// Thread: output.
    private func finishedPlaying(_ state: inout Playback) -> Bool {
        switch state.mode {
        case .playing, .held: return false
        case let .finishing(contentEnd), let .ending(after: contentEnd):
            let device = state.written - output.unplayedFrames()
            publishPlayed(device, &state)
            return device >= contentEnd
        }
    }

    /// The stream has run out after its last frame, on a device that cannot take frames back
    /// (so it holds nothing beyond them): it drains, and that is the end, not an underrun.
    /// Thread: output.
    private func finish(_ state: inout Playback) {
        state.underrunsOfClosedDevices += output.underruns
        state.countUnderrunsOfCurrentDevice = false
        output.drain()
        publishPlayed(state.written, &state)
    }

    /// Writes `frames` (at most a period) of silence while playback stands at mixer frame `source`.
    /// Thread: output.
    private func writeSilence(
        _ frames: Int, standingAt source: Int, from silence: UnsafeMutableBufferPointer<Float>,
        _ state: inout Playback
    ) -> WriteOutcome {
        write(UnsafeBufferPointer(rebasing: silence[..<(2 * frames)]), source: source, silent: true, &state)
    }

    /// Thread: output.
    private func fadeEnded(_ state: inout Playback) {
        state.fadeEnd = state.written
        switch state.afterFade {
        case .playOn:
            break
        case let .hold(at):
            // The frames faded out are played again, faded in, on resume.
            state.history.rewind(to: at)
            state.mode = .held(at: at)
            state.heldSince = state.written
        case let .cut(to: frame, fadeIn: fadeIn):
            // Checked rendered when the cut began; should it not be, playback goes on as it was.
            let skipped = state.history.skip(to: frame)
            cutAt.store(skipped ? state.written : Self.cutDeclined, ordering: .releasing)
            state.fade(to: 1, frames: fadeIn, then: .playOn)
            return
        case .end:
            state.mode = .ending(after: state.written)
        }
        state.afterFade = .playOn
    }

    /// Thread: output.
    private func takeRequests(_ state: inout Playback) {
        outputThread.assertOwned("the live driver's output thread")
        // An end that starts at a later frame waits until that frame is being written.
        let end =
            state.written < endNotBefore.load(ordering: .acquiring)
            ? 0
            : endRequest.exchange(0, ordering: .acquiringAndReleasing)
        let pause = pauseRequest.exchange(0, ordering: .acquiringAndReleasing)
        if end > 0 || pause > 0, case .finishing = state.mode {
            // What the device still holds of the stream's end is taken back like any other.
            state.mode = .playing
            state.clockLimit = .max
        }
        if end > 0 {
            switch state.mode {
            case .playing, .finishing:
                _ = takeBack(&state, notBefore: endNotBefore.load(ordering: .acquiring))
                state.fade(to: 0, frames: end, then: .end)
            case .held:
                // Silence is playing: nothing is left to fade.
                state.mode = .ending(after: 0)
            case .ending:
                break
            }
            return
        }
        if pause > 0, case .playing = state.mode {
            let at = takeBack(&state)
            state.fade(to: 0, frames: pause, then: .hold(at: state.history.next))
            pausedAt.store(at, ordering: .releasing)
        }
        let resume = resumeRequest.exchange(0, ordering: .acquiringAndReleasing)
        if resume > 0, case let .held(source) = state.mode {
            let at = takeBack(&state)
            state.history.rewind(to: source)
            state.mode = .playing
            state.fade(to: 1, frames: resume, then: .playOn)
            resumedAt.store(at, ordering: .releasing)
        }
        if state.fadeLeft == 0 { takeCut(&state) }
    }

    /// Starts a cut asked for, once the mixer has rendered its frame and its fade-in: what
    /// the device would play from the first frame it lets go of fades out, and then the frame
    /// asked for fades in (`fadeEnded`).
    /// Thread: output.
    private func takeCut(_ state: inout Playback) {
        let frame = cutFrame.load(ordering: .acquiring)
        guard frame >= 0 else { return }
        guard case .playing = state.mode, output.takesBack else {
            // Paused, at the end, or a device that cannot take back: there is nothing to cut,
            // and the frame comes in its turn.
            declineCut()
            return
        }
        let fade = cutFadeFrames.load(ordering: .acquiring)
        // Its fade-in and a block more: the mixer renders the rest faster than it is played. (Not
        // a period: a device asking for a second at a time would hold the cut back that long.)
        let ready =
            state.history.rendered >= min(frame + fade + blockFrames, endFrameValue.load(ordering: .acquiring))
            || renderingDone.load(ordering: .acquiring)
        guard ready else { return }
        guard let at = takeBackFrame(state) else {
            declineCut()
            return
        }
        let source = state.segments.source(atDevice: at) ?? state.history.next
        // Too little before the frame (a device holding little): the mixer's own cross-fade
        // is heard within the latency anyway.
        guard frame - source >= 2 * fade, frame < state.history.rendered else {
            declineCut()
            return
        }
        cutFrame.store(-1, ordering: .releasing)
        takeBack(&state, from: at)
        state.fade(to: 0, frames: fade, then: .cut(to: frame, fadeIn: fade))
    }

    /// Closes the device after a pause has been heard for `quietFrames`: what it still holds is
    /// silence, dropped with it, and the clock goes on from what it played when it is opened again.
    /// Thread: output.
    private func closeQuietly(_ state: inout Playback) {
        publishPlayed(state.written - output.unplayedFrames(), &state)
        state.underrunsOfClosedDevices += output.underruns
        let heard = played.load(ordering: .acquiring)
        state.segments.truncate(atDevice: heard)
        state.written = heard
        state.highWater = heard
        state.deviceBase = heard
        state.fadeEnd = heard
        state.closed = true
        closeForQuiet(pausedSeconds: (heard - state.heldSince) / renderer.format.sampleRate)
    }

    /// Thread: output.
    private func declineCut() {
        cutFrame.store(-1, ordering: .releasing)
        cutAt.store(Self.cutDeclined, ordering: .releasing)
    }

    /// Takes back what the device holds from the first frame it still lets go of (never inside
    /// a fade already written), so that the next write replaces it; returns that device frame.
    /// Thread: output.
    private func takeBack(_ state: inout Playback, notBefore: Int = 0) -> Int {
        let at = takeBackFrame(state, notBefore: notBefore) ?? state.written
        takeBack(&state, from: at)
        return at
    }

    /// The device frame a take-back starts at: the first the device still lets go of, never
    /// inside a fade already written nor before `notBefore`; nil when it lets go of nothing.
    /// (A device's answer can cost a round trip to its server: asked once per take-back.)
    /// Thread: output.
    private func takeBackFrame(_ state: borrowing Playback, notBefore: Int = 0) -> Int? {
        guard let rewritable = output.rewritableFrame() else { return nil }
        return min(state.written, max(rewritable + state.deviceBase, state.fadeEnd, notBefore))
    }

    /// Takes back what the device holds from device frame `at` (from `takeBackFrame`) on, so
    /// that the next write replaces it.
    /// Thread: output.
    private func takeBack(_ state: inout Playback, from at: Int) {
        if at < state.written {
            output.rewrite(from: at - state.deviceBase)
            if case .playing = state.mode, let source = state.segments.source(atDevice: at) {
                state.history.rewind(to: source)
            }
            state.segments.truncate(atDevice: at)
            state.written = at
        }
    }

    /// Writes `samples` (mixer frames from `source` on, or silence while playback stands at
    /// `source`).
    /// Thread: output.
    private func write(
        _ samples: UnsafeBufferPointer<Float>, source: Int, silent: Bool,
        _ state: inout Playback
    ) -> WriteOutcome {
        outputThread.assertOwned("the live driver's output thread")
        state.segments.wrote(atDevice: state.written, source: source, silent: silent)
        if !silent { deviceOffset.store(state.written - source, ordering: .releasing) }
        let unplayed: Int
        do {
            unplayed = try output.write(samples)
        } catch {
            state.underrunsOfClosedDevices += output.underruns
            guard reconnect(after: error) else { return .failed }
            carryOn(&state)
            return .replaced
        }
        if state.written == 0 { firstWriteNanoseconds.store(Self.realtimeNanoseconds(), ordering: .relaxed) }
        state.written += samples.count / 2
        state.highWater = max(state.highWater, state.written)
        publishPlayed(state.written - unplayed, &state)
        return .written
    }

    /// After a device was opened again: what the lost one held but had not played is played on
    /// the new one, faded in over 10 ms instead of starting with a step.
    /// Thread: output.
    private func carryOn(_ state: inout Playback) {
        let lostAt = played.load(ordering: .acquiring)
        switch state.mode {
        case .playing, .finishing:
            state.mode = .playing
            state.clockLimit = .max
            if let source = state.segments.source(atDevice: lostAt) { state.history.rewind(to: source) }
        case .held, .ending:
            break
        }
        state.segments.truncate(atDevice: lostAt)
        state.written = lostAt
        state.highWater = lostAt
        state.deviceBase = lostAt
        state.fadeEnd = lostAt
        if state.fadeLeft > 0 {
            // Whatever the fade was for happens at once: the device it was heard on is gone.
            state.gain = GainRamp(value: state.gain.target)
            state.fadeLeft = 0
            fadeEnded(&state)
        }
        if case .playing = state.mode {
            state.gain = GainRamp(value: 0)
            state.fade(to: 1, frames: renderer.format.frames(milliseconds: Self.reopenFadeMilliseconds), then: .playOn)
        }
    }

    /// Thread: output.
    private func publishPlayed(_ device: Int, _ state: inout Playback) {
        let frames = min(device, state.clockLimit)
        // Never backwards: a device's delay estimate wobbles.
        if frames > played.load(ordering: .relaxed) {
            // A clock call, no lock: the reader retries while the count is odd or has moved.
            playedSequence.add(1, ordering: .sequentiallyConsistent)
            played.store(frames, ordering: .sequentiallyConsistent)
            playedNanoseconds.store(PlayedClock.monotonicNanoseconds(), ordering: .sequentiallyConsistent)
            playedSequence.add(1, ordering: .sequentiallyConsistent)
            state.segments.forget(before: frames)
        }
    }
}
