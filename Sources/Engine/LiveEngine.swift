import Dispatch
import Foundation
import Outputs
import Rings
import Synchronization

/// One device, the output thread that feeds it and the mixer thread that renders for it, shared
/// by the programs (`EngineProgram`s) that play through it: the mixer thread renders each program's
/// blocks ahead into its ring, a block each in turn, and each period the output thread mixes
/// what every program has rendered into one write. A take-back of the device (a pause, a cut,
/// the early end, a program that starts) rewinds every program to what it had at that device
/// frame, so one program fades while the others play on.
///
/// The one-shot CLI's engine is its session's own and ends with it. The service's lives as long
/// as the service: it is made with the device opened for the first program, writes silence while
/// none plays, and closes the device after a quiet spell, opening it again (with silence first, for a
/// device that wakes up) when a program starts or resumes.
public final class LiveEngine: @unchecked Sendable {
    /// Whether the engine outlives its programs (the service), or ends with them (a one-shot).
    let lives: Bool
    /// Device frames of silence heard after which the device is closed (`Int.max`: never).
    let quietFrames: Int
    /// Silence written to a device opened again after a quiet spell, before anything else.
    let wakeFrames: Int
    public let sampleRate: Int
    let blockFrames: Int

    /// Guards what the control side and the output thread both touch: the device while it is
    /// closed or opened, the opener, and programs waiting to be adopted. The output thread takes
    /// it only to adopt a program and around a quiet close or a reopening, never per period (the
    /// mixer thread has a lock of its own for its arrivals, `EngineMixer`).
    ///
    /// The audio threads can wait on it: `adopt()` opens a closed device while holding it (a
    /// PulseAudio connection or an ALSA open: milliseconds; a sound server that does not answer,
    /// up to its connect timeout). That happens only while the device is closed, when no program
    /// is heard, so the wait costs no audible frame; with a device open, the lock is held for a
    /// few appends.
    let lock = NSLock()
    /// Thread: output (read), or any holding `lock` while `closed` (write).
    var output: any AudioOutput
    /// Thread: any holding `lock`.
    var opener: OutputOpener
    /// Thread: any holding `lock`.
    var arrivals: [EngineProgram] = []
    /// Thread: any holding `lock`. Whether the device is closed (a quiet spell, or never opened).
    var closed: Bool
    /// Thread: any holding `lock`. A device the control side opened for a program, for the
    /// output thread to take.
    var opened: (any AudioOutput)?

    /// Programs started and not yet ended.
    let programsPlaying = Atomic<Int>(0)
    /// Whether `arrivals` holds a program, checked by the output thread without the lock.
    let arriving = Atomic<Bool>(false)
    let stopping = Atomic<Bool>(false)
    let finishedFlag = Atomic<Bool>(false)
    /// Whether the output is gone and the programs wait for it to come back.
    let waitingForOutput = Atomic<Bool>(false)
    /// Whether the device open now (or last) can take back frames it holds.
    let takesBackFlag: Atomic<Bool>
    /// Wakes the output thread: the mixer wrote frames, a request or a program came.
    let wake = DispatchSemaphore(value: 0)
    /// Wakes the control side when something it tells about changed without its asking: a
    /// program ended (played out or failed), the output lost or back. Called on the output
    /// thread outside the period's work; it must not block (the service's writes a byte to a
    /// non-blocking pipe).
    let controlWake: (@Sendable () -> Void)?
    /// The mixer thread, which renders every program's blocks ahead of the output thread.
    let mixer: EngineMixer
    /// What the device is, and why it failed for good, for the control side.
    let reports: Mutex<DeviceReports>
    /// The device the output thread writes to, for `interrupt()` from the control side.
    let interruptible: Mutex<EngineProgram.Interruptible>
    /// The output thread, checked in debug builds.
    let outputThread = ThreadOwner()
    /// Frames the device asks for at a time at most, for every program's ring.
    let periodFrames: Int
    /// Frames every program keeps for writing again: what the device may hold, a fade, and room.
    let historyFrames: Int

    /// An engine for one session's program through `output` (opened by `opener`), ending with it.
    /// A pause heard for `quietMilliseconds` closes the device until the resume.
    convenience init(
        oneShot output: any AudioOutput, opener: OutputOpener, sampleRate: Int, blockFrames: Int,
        quietMilliseconds: Int?, wakeMilliseconds: Int
    ) {
        self.init(
            output: output, opener: opener, closed: false, lives: false, sampleRate: sampleRate,
            blockFrames: blockFrames, quietMilliseconds: quietMilliseconds, wakeMilliseconds: wakeMilliseconds)
    }

    /// An engine that lives until `stop()`, playing through `output` (opened by `opener`, which
    /// opens it again after a loss or a quiet spell): its period and the programs' history
    /// follow what that device asks for and holds. The device is closed after
    /// `quietMilliseconds` in which nothing has played.
    /// - Parameter wakeMilliseconds: silence written to a device opened again after a quiet
    ///   spell before anything else.
    /// - Parameter controlWake: called when a program ends or the output is lost or back, so
    ///   that the control side need not poll for it.
    public convenience init(
        opened output: any AudioOutput, opener: OutputOpener, sampleRate: Int, quietMilliseconds: Int,
        wakeMilliseconds: Int = EngineProgram.defaultWakeMilliseconds, controlWake: (@Sendable () -> Void)? = nil
    ) {
        self.init(
            output: output, opener: opener, closed: false, lives: true, sampleRate: sampleRate,
            blockFrames: EngineProgram.defaultBlockFrames, quietMilliseconds: quietMilliseconds,
            wakeMilliseconds: wakeMilliseconds, controlWake: controlWake)
        start()
    }

    private init(
        output: any AudioOutput, opener: OutputOpener, closed: Bool, lives: Bool, sampleRate: Int,
        blockFrames: Int, quietMilliseconds: Int?, wakeMilliseconds: Int, controlWake: (@Sendable () -> Void)? = nil
    ) {
        self.controlWake = controlWake
        let format = { (milliseconds: Int) in max(0, milliseconds) * sampleRate / 1000 }
        self.output = output
        self.opener = opener
        self.closed = closed
        self.lives = lives
        self.sampleRate = sampleRate
        self.blockFrames = blockFrames
        quietFrames = quietMilliseconds.map(format) ?? .max
        wakeFrames = format(wakeMilliseconds)
        // A device asking for more than a period later still gets a period at a time.
        periodFrames = max(2 * blockFrames, output.requestFrames)
        historyFrames = max(output.bufferFrames, 2 * sampleRate) + 2 * periodFrames + sampleRate
        reports = Mutex(DeviceReports(summary: output.summary))
        takesBackFlag = Atomic(output.takesBack)
        interruptible = Mutex(EngineProgram.Interruptible(output))
        mixer = EngineMixer(blockFrames: blockFrames, lives: lives, outputWake: wake)
    }

    /// Starts the output thread and the mixer thread.
    func start() {
        // Named, so that top -H and perf tell the threads apart.
        Thread.detachNewThread { [self] in
            Thread.current.name = "meditate-output"
            runOutput()
        }
        mixer.start()
    }

    /// Plays `program` from the next frame the device lets go of, opening the device through
    /// `opener` first when it is closed (the error, when it will not open, is the caller's).
    func adopt(_ program: EngineProgram, opening opener: OutputOpener?) throws(OutputError) {
        lock.lock()
        defer { lock.unlock() }
        // Refused here, where the caller can say so: the output thread, whose room is fixed,
        // would end it unheard after it was announced.
        guard programsPlaying.load(ordering: .acquiring) < ProgramRoom.count else {
            throw .engineFull(programs: ProgramRoom.count)
        }
        if closed && opened == nil {
            let device = try (opener ?? self.opener).open()
            opened = device
            reports.withLock { $0.summary = device.summary }
            takesBackFlag.store(device.takesBack, ordering: .releasing)
        }
        if let opener { self.opener = opener }
        programsPlaying.add(1, ordering: .acquiringAndReleasing)
        arrivals.append(program)
        arriving.store(true, ordering: .releasing)
        mixer.arrive(program)
        wake.signal()
        interruptible.withLock { $0.interrupt() }
    }

    /// Ends the engine: every program still playing stops at once (the caller has faded them).
    public func stop() {
        stopping.store(true, ordering: .releasing)
        wake.signal()
        mixer.stop()
        interruptible.withLock { $0.interrupt() }
    }

    /// Whether the device is closed (a quiet spell, or never opened).
    var isClosed: Bool { lock.withLock { closed } }

    /// Whether no program plays through it.
    public var isIdle: Bool { programsPlaying.load(ordering: .acquiring) == 0 }

    /// Whether the output thread has ended (after `stop()`, or a one-shot's last program).
    public var isFinished: Bool { finishedFlag.load(ordering: .acquiring) }

    /// Whether the device can take back frames it holds (see `AudioOutput.takesBack`).
    public var takesBack: Bool { takesBackFlag.load(ordering: .acquiring) }

    /// The device playing now, with its negotiated buffer.
    public var outputSummary: String { reports.withLock { $0.summary } }

    /// Tells the output thread something changed: a program's request or frames.
    func signal(interrupting: Bool) {
        wake.signal()
        if interrupting { interruptible.withLock { $0.interrupt() } }
    }
}
