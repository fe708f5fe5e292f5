import Clock
import Outputs

/// The device's clock as the output thread keeps it: what it has played, each program's clock
/// from it, and how long to wait for it.
extension DevicePlayback {
    /// Publishes device frame `frame` as heard, and each program's clock from it.
    /// Thread: output.
    mutating func publishPlayed(_ frame: Int, _ programs: [EngineProgram]) {
        // Never backwards: a device's delay estimate wobbles.
        played = max(played, frame)
        for program in programs {
            let frames = min(played, program.playback.clockLimit) - program.playback.start
            if frames > program.played.load(ordering: .relaxed) {
                // A clock call, no lock: the reader retries while the count is odd or has moved.
                program.playedSequence.add(1, ordering: .sequentiallyConsistent)
                program.played.store(frames, ordering: .sequentiallyConsistent)
                program.playedNanoseconds.store(MonotonicClock.nanoseconds(), ordering: .sequentiallyConsistent)
                program.playedSequence.add(1, ordering: .sequentiallyConsistent)
            }
            program.playback.segments.forget(before: played)
        }
    }

    /// The device frame heard at `nanoseconds` of the monotonic clock, as the device tells now
    /// what it has played (a device just opened, or closed: what is written next is heard at
    /// once).
    /// Thread: output.
    func frame(heardAt nanoseconds: Int, output: any AudioOutput, sampleRate: Int) -> Int {
        let heard = closed ? written : written - output.unplayedFrames()
        let ahead = nanoseconds - MonotonicClock.nanoseconds()
        // Whole frames, rounded, without overflow for any instant a caller may give.
        let frames = (Double(ahead) * Double(sampleRate) / 1e9).rounded()
        return heard + Int(max(-1e12, min(1e12, frames)))
    }

    /// How long to wait for the device at most: while a program's last frames play out, only
    /// until the device should have played them.
    /// Thread: output.
    func waitLimit(_ programs: [EngineProgram], sampleRate: Int) -> Int? {
        var limit: Int?
        for program in programs {
            switch program.playback.mode {
            case .playing, .held:
                // A cut waits for the mixer to render its frame: soon, and no request wakes the device.
                if program.cutFrame.load(ordering: .relaxed) >= 0 { limit = min(limit ?? 5, 5) }
            case let .finishing(contentEnd), let .ending(after: contentEnd):
                let left = contentEnd - played
                let milliseconds = max(5, min(250, left * 1000 / sampleRate))
                limit = min(limit ?? milliseconds, milliseconds)
            }
        }
        return limit
    }

    /// The device frame since which every program has stood still (or none has played).
    /// Thread: output.
    func quietSince(_ programs: [EngineProgram]) -> Int {
        programs.reduce(programs.isEmpty ? emptySince : 0) { max($0, $1.playback.heldSince) }
    }

    /// Underruns of every device so far.
    /// Thread: output.
    func underrunsSoFar(output: any AudioOutput) -> Int {
        underrunsOfClosedDevices + (countUnderrunsOfCurrentDevice ? output.underruns : 0)
    }
}
