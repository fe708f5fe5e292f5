import Mixer
import Outputs

/// Taking back what the device holds, for the next write to replace it, placing a program that
/// starts, and carrying on after a device was opened again: the output thread's work on every
/// program at one device frame.
extension DevicePlayback {
    /// Takes back what the device holds from the first frame it still lets go of (never inside
    /// a fade already written nor before a program's start, nor before `notBefore`), so that
    /// the next write replaces it; returns that device frame.
    /// Thread: output.
    @discardableResult
    mutating func takeBack(_ programs: [EngineProgram], notBefore: Int = 0, output: any AudioOutput) -> Int {
        let at = takeBackFrame(output: output, notBefore: notBefore) ?? written
        takeBack(programs, from: at, output: output)
        return at
    }

    /// The device frame a take-back starts at: the first the device still lets go of, never
    /// inside a fade already written nor before `notBefore`; nil when it lets go of nothing.
    /// (A device's answer can cost a round trip to its server: asked once per take-back.)
    /// Thread: output.
    func takeBackFrame(output: any AudioOutput, notBefore: Int = 0) -> Int? {
        guard let rewritable = output.rewritableFrame() else { return nil }
        return min(written, max(rewritable + deviceBase, fadeEnd, notBefore))
    }

    /// Takes back what the device holds from device frame `at` (from `takeBackFrame`) on: every
    /// program goes back to what it had there, for the next write to replace it.
    /// Thread: output.
    mutating func takeBack(_ programs: [EngineProgram], from at: Int, output: any AudioOutput) {
        guard at < written else { return }
        output.rewrite(from: at - deviceBase)
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
        written = at
    }

    /// After a device was opened again: what the lost one held but had not played is played on
    /// the new one, faded in over 10 ms instead of starting with a step.
    /// Thread: output.
    mutating func carryOn(_ programs: [EngineProgram], sampleRate: Int) {
        let lostAt = played
        written = lostAt
        highWater = lostAt
        deviceBase = lostAt
        fadeEnd = lostAt
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
                program.fadeEnded(&self)
            }
            if program.playback.isPlaying {
                program.playback.gain = GainRamp(value: 0)
                program.playback.fade(
                    to: 1, frames: EngineProgram.reopenFadeMilliseconds * sampleRate / 1000, then: .playOn)
            }
        }
    }

    /// Places a program that starts: from the first frame the device lets go of (after the
    /// wake-up silence of a device just opened again), or the one heard at the program's
    /// instant, if that is later. What the device holds from there is written again with it.
    /// Thread: output.
    mutating func place(
        _ program: EngineProgram, among programs: [EngineProgram], output: any AudioOutput, sampleRate: Int
    ) {
        let earliest =
            wakeLeft > 0 || closed ? written + wakeLeft : takeBackFrame(output: output) ?? written
        let start =
            program.startNanoseconds.map { max(earliest, frame(heardAt: $0, output: output, sampleRate: sampleRate)) }
            ?? earliest
        takeBack(programs, from: start, output: output)
        program.playback.start = start
        program.playback.heldSince = start
        program.playback.underrunsBefore = underrunsOfClosedDevices + output.underruns
        // A take-back never goes before its first frame once written; one that starts later
        // leaves the others free to be taken back until then.
        fadeEnd = max(fadeEnd, min(start, written))
    }

    /// The device was opened again after a quiet spell: the programs' quiet starts again, and
    /// one that started as the device closed begins after the wake-up silence (or at its
    /// instant, when that is later), and its clock with it.
    /// Thread: output.
    func reopened(_ programs: [EngineProgram]) {
        for program in programs {
            program.playback.heldSince = written
            if !program.playback.wroteFirst {
                let wakeEnd = written + wakeLeft
                program.playback.start =
                    program.startNanoseconds == nil ? wakeEnd : max(wakeEnd, program.playback.start)
            }
        }
    }
}
