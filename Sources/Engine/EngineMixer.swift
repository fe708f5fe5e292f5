import Dispatch
import Foundation
import Mixer
import Synchronization

/// The engine's one mixer thread: it renders every program's blocks ahead of the output thread,
/// a block per program in turn, so that a program rendering its lead never holds back another.
/// Programs come to it through `arrive` (from the control side) and leave it when rendered out.
final class EngineMixer: @unchecked Sendable {
    private let blockFrames: Int
    /// Whether the engine outlives its programs (the service), or ends with them (a one-shot).
    private let lives: Bool
    /// Wakes the engine's output thread once the rings are as full as they get.
    private let outputWake: DispatchSemaphore
    /// Wakes this thread: the output thread made room in a ring, the control side moved a
    /// horizon or an end, a program came, or the engine stops.
    let wake = DispatchSemaphore(value: 0)
    /// Guards `arrivals`; taken by this thread only when `arriving` says a program came.
    private let lock = NSLock()
    /// Thread: any holding `lock`. Programs started, for this thread to take.
    private var arrivals: [EngineProgram] = []
    /// Whether `arrivals` holds a program, checked by this thread without the lock.
    private let arriving = Atomic<Bool>(false)
    private let stopping = Atomic<Bool>(false)

    init(blockFrames: Int, lives: Bool, outputWake: DispatchSemaphore) {
        self.blockFrames = blockFrames
        self.lives = lives
        self.outputWake = outputWake
    }

    /// Starts the thread, named so that top -H and perf tell it apart.
    func start() {
        Thread.detachNewThread { [self] in
            Thread.current.name = "meditate-mixer"
            run()
        }
    }

    /// Hands this thread a program to render. Thread: control (with the engine's lock held).
    func arrive(_ program: EngineProgram) {
        lock.withLock { arrivals.append(program) }
        arriving.store(true, ordering: .releasing)
        wake.signal()
    }

    /// Ends the thread once its programs are gone.
    func stop() {
        stopping.store(true, ordering: .releasing)
        wake.signal()
    }

    /// Thread: mixer.
    private func run() {
        // Ctrl-C, SIGTERM and SIGHUP are left to the control thread: delivered there, they cut
        // its wait short, so it can sleep long between polls and still answer one at once.
        InterruptionSignals.mask(SIG_BLOCK)
        ThreadPriority.requestRealtime()
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: blockFrames * 2)
        defer { scratch.deallocate() }
        // Taking a program appends within this room: no allocation on this thread.
        var programs = ProgramRoom.empty()
        var tookAny = false
        var unannounced = false
        while true {
            if arriving.load(ordering: .acquiring) {
                takeArrivals(&programs)
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
            if programs.isEmpty && !arriving.load(ordering: .acquiring)
                && (stopping.load(ordering: .acquiring) || (!lives && tookAny))
            {
                break
            }
            // The output thread is told once every ring is as full as it gets, not per block:
            // each wake-up of a thread costs more than rendering a block.
            if unannounced {
                outputWake.signal()
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
                ? .now() + .milliseconds(2) : .now() + .seconds(programs.isEmpty ? Self.idleSeconds : 2)
            _ = wake.wait(timeout: timeout)
        }
    }

    /// How long the mixer thread sleeps at most while no program plays: a program or the end
    /// wakes it.
    static let idleSeconds = 60

    /// Thread: mixer.
    private func takeArrivals(_ programs: inout [EngineProgram]) {
        lock.lock()
        defer { lock.unlock() }
        for program in arrivals {
            if programs.count < programs.capacity {
                programs.append(program)
            } else {
                // More programs than the engine was made for: the output thread ends it unheard.
                program.renderingEnded()
            }
        }
        // Emptied in place (not copied first), so that its storage is kept, not reallocated.
        arrivals.removeAll(keepingCapacity: true)
        arriving.store(false, ordering: .releasing)
    }
}
