/// What a program gives each write of the engine's output thread.
extension EngineProgram {
    /// Adds what it plays in the next `frames` device frames into `mix` (or, `writing`,
    /// writes it there), and notes which of its frames they are. True when it put all `frames`
    /// frames in the mix; false when it plays none (silence) and left the mix as it was.
    /// Thread: output.
    func contribute(
        frames: Int, into mix: UnsafeMutableBufferPointer<Float>, _ device: DevicePlayback, writing: Bool
    ) -> Bool {
        guard playback.start <= device.written else { return false }
        if device.wakeLeft > 0 {
            // Only silence while the device wakes: whatever stands still stays where it is.
            if case let .held(at) = playback.mode {
                playback.segments.wrote(atDevice: device.written, source: at, silent: true)
            }
            return false
        }
        switch playback.mode {
        case .playing:
            guard let target = mix.baseAddress else { return false }
            let source = playback.history.next
            playback.segments.wrote(atDevice: device.written, source: source, silent: false)
            deviceOffset.store(device.written - playback.start - source, ordering: .releasing)
            var done = 0
            while done < frames {
                let piece = playback.history.take(upTo: frames - done)
                guard let base = piece.baseAddress, piece.count > 0 else { break }
                if writing {
                    playback.gain.write(base, into: target + 2 * done, frames: piece.count / 2)
                } else {
                    playback.gain.accumulate(base, into: target + 2 * done, frames: piece.count / 2)
                }
                done += piece.count / 2
            }
            // `framesReady` counted these frames in the history; should any lack, they are silence.
            if writing && done < frames { (target + 2 * done).update(repeating: 0, count: 2 * (frames - done)) }
            roomMade.signal()
            return true
        case let .held(at):
            playback.segments.wrote(atDevice: device.written, source: at, silent: true)
        case .finishing, .ending:
            let end = playback.history.end
            playback.segments.wrote(atDevice: device.written, source: end, silent: true)
        }
        return false
    }
}
