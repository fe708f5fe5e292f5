import Dispatch
import Foundation
import Mixer
import Outputs

/// The engine's one mixer thread: it renders every program's blocks ahead of the output thread,
/// a block per program in turn, so that a program rendering its lead never holds back another.
extension LiveEngine {
    /// Thread: mixer.
    func runMixer() {
        // Ctrl-C, SIGTERM and SIGHUP are left to the control thread: delivered there, they cut
        // its wait short, so it can sleep long between polls and still answer one at once.
        InterruptionSignals.mask(SIG_BLOCK)
        ThreadPriority.requestRealtime()
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: blockFrames * 2)
        defer { scratch.deallocate() }
        // Taking a program appends within this room: no allocation on this thread.
        var programs: [EngineProgram] = []
        programs.reserveCapacity(Self.programRoom)
        var tookAny = false
        var unannounced = false
        while true {
            if mixerArriving.load(ordering: .acquiring) {
                takeMixerArrivals(&programs)
                tookAny = true
            }
            var rendered = false
            var decoderWaits = false
            var index = 0
            while index < programs.count {
                switch programs[index].mixerTurn(scratch: scratch) {
                case .rendered:
                    rendered = true
                case .waiting:
                    break
                case .waitingForDecoder:
                    decoderWaits = true
                case .done:
                    programs[index].renderingEnded()
                    programs.remove(at: index)
                    continue
                }
                index += 1
            }
            if rendered {
                unannounced = true
                continue
            }
            if programs.isEmpty && !mixerArriving.load(ordering: .acquiring)
                && (stopping.load(ordering: .acquiring) || (!lives && tookAny))
            {
                break
            }
            // The output thread is told once every ring is as full as it gets, not per block:
            // each wake-up of a thread costs more than rendering a block.
            if unannounced {
                signal(interrupting: false)
                unannounced = false
            }
            // So is a stream's feeder, once the burst has taken half its ring (or the mixer
            // waits for it): it rests until then rather than wake on a timer.
            for program in programs { program.renderer.wakeStreamProducers() }
            // Every change the wait is for signals it (room made, a horizon, a program, the
            // end); the time-outs are safety nets, long because each wake-up costs as much as
            // rendering several blocks, and longer still while nothing plays.
            let timeout: DispatchTime =
                decoderWaits
                ? .now() + .milliseconds(2) : .now() + .seconds(programs.isEmpty ? Self.idleMixerSeconds : 2)
            _ = mixerWake.wait(timeout: timeout)
        }
    }

    /// How long the mixer thread sleeps at most while no program plays: a program or the end
    /// wakes it.
    static let idleMixerSeconds = 60

    /// Thread: mixer.
    private func takeMixerArrivals(_ programs: inout [EngineProgram]) {
        lock.lock()
        defer { lock.unlock() }
        for program in mixerArrivals {
            if programs.count < programs.capacity {
                programs.append(program)
            } else {
                // More programs than the engine was made for: the output thread ends it unheard.
                program.renderingEnded()
            }
        }
        // Emptied in place (not copied first), so that its storage is kept, not reallocated.
        mixerArrivals.removeAll(keepingCapacity: true)
        mixerArriving.store(false, ordering: .releasing)
    }
}
