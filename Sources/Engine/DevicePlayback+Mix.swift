import Outputs

/// What the next write of the engine's output thread can hold.
extension DevicePlayback {
    /// How many frames (at most `limit`) every program playing has ready: a program not started
    /// yet, a fade's end and a stream's end cut the write short, so each write plays one thing
    /// per program.
    /// Thread: output.
    /// `drains`: a one-shot's, whose device drains when its stream has run out, if it cannot
    /// take frames back (asked only then: the answer can cost a round trip to a sound server).
    mutating func framesReady(
        _ limit: Int, _ programs: [EngineProgram], drains: Bool, output: any AudioOutput
    ) -> EngineReadiness {
        var count = limit
        var starved = false
        for program in programs {
            if program.playback.start > written {
                count = min(count, program.playback.start - written)
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
            if drains && programs.count == 1 && output.rewritableFrame() == nil {
                // A device that cannot take frames back has little left: it drains.
                drain(program, output: output)
                return .drained
            }
            // Silence after the last frame, so that the device does not run dry before it has
            // played it, and a pause can still take it back.
            program.playback.mode = .finishing(contentEnd: written)
            program.playback.clockLimit = written
        }
        return starved ? .waiting : .frames(count)
    }

    /// The stream has run out after its last frame, on a device that cannot take frames back
    /// (so it holds nothing beyond them): it drains, and that is the end, not an underrun.
    /// Thread: output.
    private mutating func drain(_ program: EngineProgram, output: any AudioOutput) {
        underrunsOfClosedDevices += output.underruns
        countUnderrunsOfCurrentDevice = false
        output.drain()
        publishPlayed(written, [program])
    }
}
