import Dispatch
import Foundation
import Mixer
import Outputs
import Rings
import Synchronization

/// A program: a mixer played through a `LiveEngine`'s device. The engine's mixer thread renders
/// its blocks into a lock-free ring, and the engine's output thread mixes them into the device
/// with any other program's and keeps the clock of frames the device has played.
///
/// The control side (any one ordinary thread) steers it through atomics: how far the mixer may
/// render (`horizon`, the frame up to which every command has been sent), where the stream ends,
/// a pause, and a fade-out that ends it early. Pauses and the early end are the output thread's:
/// it fades what the device is about to play, taking back what the device holds but has not
/// played when the device allows it (PulseAudio), so they are heard within the device's latency
/// while the device may hold seconds. The mixer's frames go on where they were after a pause.
/// Frames of its clock count from the device frame its first frame was played at.
public final class EngineProgram: @unchecked Sendable {
    let renderer: MixerRenderer
    /// The device's owner, its own (a one-shot) or the service's.
    let engine: LiveEngine
    /// Opens the engine's device when it is closed as the program starts (nil: it is open).
    let opener: OutputOpener?
    /// The mixer's frames, kept after the output thread has read them (see `SourceHistory`).
    let ring: RetainingRing<Float>
    /// The most frames the mixer renders at a time.
    public let blockFrames: Int
    let aheadFrames: Int
    /// How far past its usual lead the mixer may render the frames a cut waits for.
    let cutRoomFrames: Int
    /// What the output thread keeps of this program. Thread: output.
    var playback: ProgramPlayback
    /// When the program's first frame is to be heard (monotonic nanoseconds; nil: as soon as
    /// the device lets go of a frame). Set before the engine adopts it, read by its output thread.
    private(set) var startNanoseconds: Int?

    let horizonFrame = Atomic<Int>(0)
    let endFrameValue = Atomic<Int>(.max)
    /// Fade lengths asked for by the control side, taken by the output thread (0: none).
    let endRequest = Atomic<Int>(0)
    let pauseRequest = Atomic<Int>(0)
    let resumeRequest = Atomic<Int>(0)
    /// The device frame (of this program's clock) the early end's fade starts at, at the earliest.
    let endNotBefore = Atomic<Int>(0)
    /// Frames of this program's clock where the last pause and resume took effect (-1: not yet).
    let pausedAt = Atomic<Int>(-1)
    let resumedAt = Atomic<Int>(-1)
    /// The mixer frame a cut plays on from (-1: none asked), and its fades.
    let cutFrame = Atomic<Int>(-1)
    let cutFadeFrames = Atomic<Int>(0)
    /// Where the last cut took effect: its frame of this program's clock, `cutPending` or
    /// `cutDeclined`.
    let cutAt = Atomic<Int>(cutDeclined)
    static let cutPending = -1
    static let cutDeclined = -2
    /// Clock frame minus mixer frame where the newest mixer frames were written.
    let deviceOffset = Atomic<Int>(0)
    let stopping = Atomic<Bool>(false)
    let renderingDone = Atomic<Bool>(false)
    let finishedFlag = Atomic<Bool>(false)
    let played = Atomic<Int>(0)
    /// When `played` was measured (monotonic nanoseconds; 0: not yet). The two are written
    /// inside a sequence count (odd while writing), so that a reader gets a matching pair.
    let playedNanoseconds = Atomic<Int>(0)
    let playedSequence = Atomic<Int>(0)
    let underrunCount = Atomic<Int>(0)
    /// When the first buffer reached the device, in nanoseconds of the realtime clock (0: not yet).
    let firstWriteNanoseconds = Atomic<Int>(0)
    /// Wakes the engine's mixer thread (when the output thread has made room in the ring, or
    /// the control side has moved the horizon or the end).
    var roomMade: DispatchSemaphore { engine.mixer.wake }
    /// Since when this program's next block waits for a guided track's decoder (monotonic
    /// nanoseconds; 0: it does not). Thread: mixer.
    var decoderWaitStart = 0
    let reports = Mutex(Reports())

    /// `interrupt()` is the one method of an output that any thread may call.
    final class Interruptible: @unchecked Sendable {
        private let output: any AudioOutput
        init(_ output: any AudioOutput) { self.output = output }
        func interrupt() { output.interrupt() }
    }

    struct Reports {
        var failure: OutputError?
        var notices: [LiveNotice] = []
    }

    /// Frames the mixer thread renders at a time: small enough that a command sent for the
    /// next block is rendered within a few milliseconds of being due.
    public static let defaultBlockFrames = 1024
    /// Frames the mixer renders ahead of the output thread at least (more when the device asks
    /// for more at a time).
    public static let defaultAheadFrames = 3072
    /// The fade-in on a device opened after a loss: what the lost one held is heard again
    /// without a step.
    public static let reopenFadeMilliseconds = 10
    /// How far the mixer may render past its lead for a cut: the frame a seek is placed at (a
    /// command margin past what is rendered), its fade-in and a block.
    static let cutRoomMilliseconds = 100
    /// The silence before a resume on a device opened again after a quiet spell: a device that
    /// wakes up (a suspended sink, HDMI) swallows its first frames, not the session's.
    public static let defaultWakeMilliseconds = 250

    /// A program with a device of its own, which ends with it (the one-shot CLI).
    /// - Parameters:
    ///   - output: the device to play through, opened by `opener`.
    ///   - opener: opens a device again when the current one goes away mid-stream.
    ///   - aheadFrames: how far the mixer renders ahead of the output thread at least.
    ///   - quietMilliseconds: how long a pause lasts before the device is closed (reopened on
    ///     resume, after `wakeMilliseconds` of silence); nil: it stays open.
    public convenience init(
        renderer: MixerRenderer, output: any AudioOutput, opener: OutputOpener,
        blockFrames: Int = defaultBlockFrames, aheadFrames: Int = defaultAheadFrames,
        quietMilliseconds: Int? = nil, wakeMilliseconds: Int = defaultWakeMilliseconds
    ) {
        let engine = LiveEngine(
            oneShot: output, opener: opener, sampleRate: renderer.format.sampleRate,
            blockFrames: min(blockFrames, renderer.maxBlockFrames), quietMilliseconds: quietMilliseconds,
            wakeMilliseconds: wakeMilliseconds)
        self.init(renderer: renderer, engine: engine, opener: nil, aheadFrames: aheadFrames)
    }

    /// A program played through `engine` (the service's), whose device `opener` opens when it
    /// is closed as the program starts.
    public init(
        renderer: MixerRenderer, engine: LiveEngine, opener: OutputOpener?,
        aheadFrames: Int = defaultAheadFrames
    ) {
        self.renderer = renderer
        self.engine = engine
        self.opener = opener
        blockFrames = min(engine.blockFrames, renderer.maxBlockFrames)
        // The output thread hands the device what it asks for in one write, so the ring holds
        // at least that much: a device asking for more than is ready would wake both threads
        // again and again to collect its request block by block.
        self.aheadFrames = max(aheadFrames, engine.periodFrames)
        // Room for a cut's frames besides: the mixer renders them past its lead at once.
        cutRoomFrames = renderer.format.frames(milliseconds: Self.cutRoomMilliseconds)
        ring = RetainingRing(
            capacity: (engine.historyFrames + self.aheadFrames + blockFrames + cutRoomFrames) * 2)
        playback = ProgramPlayback(history: SourceHistory(keeping: engine.historyFrames, of: ring))
    }

    /// Starts the program on the engine (opening its device when closed; a one-shot's engine
    /// starts its threads with it). With `monotonicSeconds`, its first frame is heard then (as
    /// the device's clock tells, at once if that is past): the engine plays on without it until
    /// that device frame.
    /// Thread: control. It may open the device (and wait for that), under the engine's lock.
    public func start(at monotonicSeconds: Double? = nil) throws(OutputError) {
        startNanoseconds = monotonicSeconds.map { Int(($0 * 1e9).rounded()) }
        try engine.adopt(self, opening: opener)
        if !engine.lives { engine.start() }
    }

    /// Frames the device is given at a time at most.
    var periodFrames: Int { engine.periodFrames }

    // MARK: Control side

    /// The mixer renders no frame at or beyond this one (every command before it has been sent).
    /// Thread: control; stores an atomic, never blocks.
    public func setHorizon(_ frame: Int) {
        // The control side sets it on every poll: only a change is worth waking the mixer.
        if horizonFrame.exchange(frame, ordering: .acquiringAndReleasing) != frame { roomMade.signal() }
    }

    /// The stream ends before this frame (the last gong has rung out).
    /// Thread: control; stores an atomic, never blocks.
    public func setEndFrame(_ frame: Int) {
        if endFrameValue.exchange(frame, ordering: .acquiringAndReleasing) != frame { roomMade.signal() }
    }

    /// Fades everything out over `frames`, as soon as the device allows but not before device
    /// frame `deviceFrame`, then ends.
    /// Thread: control; stores atomics, never blocks.
    public func fadeOutAndEnd(frames: Int, fromDeviceFrame deviceFrame: Int = 0) {
        endNotBefore.store(deviceFrame, ordering: .releasing)
        request(endRequest, fadeFrames: frames)
    }

    /// Fades everything out over `frames` as soon as the device allows, then plays silence until
    /// `resume`; `pausedAtFrame` tells where it took effect.
    /// Thread: control; stores atomics, never blocks.
    public func pause(fadeFrames frames: Int) {
        pausedAt.store(-1, ordering: .releasing)
        request(pauseRequest, fadeFrames: frames)
    }

    /// Plays on from where the pause began, fading in over `frames`, as soon as the device
    /// allows; `resumedAtFrame` tells where it took effect.
    /// Thread: control; stores atomics, never blocks.
    public func resume(fadeFrames frames: Int) {
        resumedAt.store(-1, ordering: .releasing)
        request(resumeRequest, fadeFrames: frames)
    }

    /// Plays on from mixer frame `frame` (rendered soon after) instead of what the device holds:
    /// from the first frame the device lets go of, what it would have played fades out over
    /// `fadeFrames`, and `frame` on fades in. A seek is heard so within the latency, not after
    /// the device's queue. Declined (`cutOutcome`) by a device that cannot take frames back, or
    /// when too little lies before `frame` for a cut to be worth its fades.
    /// Thread: control; stores atomics, never blocks.
    public func cut(toMixerFrame frame: Int, fadeFrames: Int) {
        cutAt.store(Self.cutPending, ordering: .releasing)
        cutFadeFrames.store(max(fadeFrames, 1), ordering: .releasing)
        cutFrame.store(frame, ordering: .releasing)
        roomMade.signal()
        engine.signal(interrupting: true)
    }

    /// What became of the last cut asked for: nil while it is on its way.
    public var cutOutcome: CutOutcome? {
        switch cutAt.load(ordering: .acquiring) {
        case Self.cutPending: nil
        case Self.cutDeclined: .declined
        case let frame: .cut(atDeviceFrame: frame)
        }
    }

    /// Whether the device can take back frames it holds (see `AudioOutput.takesBack`): every
    /// device the engine opens is of the same backend.
    public var takesBack: Bool { engine.takesBack }

    private func request(_ request: borrowing Atomic<Int>, fadeFrames: Int) {
        request.store(max(fadeFrames, 1), ordering: .releasing)
        engine.signal(interrupting: true)
    }

    /// The device frame where the last pause began, once it has.
    public var pausedAtFrame: Int? { frameOrNil(pausedAt) }
    /// The device frame where the last resume took effect, once it has.
    public var resumedAtFrame: Int? { frameOrNil(resumedAt) }

    private func frameOrNil(_ value: borrowing Atomic<Int>) -> Int? {
        let frame = value.load(ordering: .acquiring)
        return frame < 0 ? nil : frame
    }

    /// The device frame at which mixer frame `frame`, not yet played, will be played if playback
    /// goes on without a pause.
    /// Thread: control; reads atomics.
    public func deviceFrame(ofMixerFrame frame: Int) -> Int {
        frame + deviceOffset.load(ordering: .acquiring)
    }

    /// Frames the device has played, pauses included: the session's clock.
    public var playedFrames: Int { played.load(ordering: .acquiring) }

    /// The frames played with the instant they were measured at, once the device has played any.
    public var playedClock: PlayedClock? {
        for _ in 0..<16 {
            let before = playedSequence.load(ordering: .sequentiallyConsistent)
            guard before & 1 == 0 else { continue }
            let frames = played.load(ordering: .sequentiallyConsistent)
            let nanoseconds = playedNanoseconds.load(ordering: .sequentiallyConsistent)
            guard playedSequence.load(ordering: .sequentiallyConsistent) == before else { continue }
            return nanoseconds == 0 ? nil : PlayedClock(frames: frames, monotonicSeconds: Double(nanoseconds) / 1e9)
        }
        return nil
    }

    /// Whether the last frame has been played (or playback failed).
    public var isFinished: Bool { finishedFlag.load(ordering: .acquiring) }

    /// Whether the output has been gone for a while and the session waits for it.
    public var isWaitingForOutput: Bool { engine.waitingForOutput.load(ordering: .acquiring) }

    /// When the first buffer was written to the device (seconds since 1970), if it has been.
    public var firstBufferTime: Double? {
        let nanoseconds = firstWriteNanoseconds.load(ordering: .relaxed)
        return nanoseconds == 0 ? nil : Double(nanoseconds) / 1e9
    }

    static func realtimeNanoseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return now.tv_sec * 1_000_000_000 + now.tv_nsec
    }

    /// Underruns of every device used, once playback has finished.
    public var underruns: Int { underrunCount.load(ordering: .relaxed) }

    /// The device playing now, with its negotiated buffer.
    public var outputSummary: String { engine.outputSummary }

    /// Why playback stopped, when a device failed and none could be opened again.
    public var failure: OutputError? { reports.withLock { $0.failure } }

    /// Things worth a log line that happened on the output thread (a device reopened), oldest first.
    /// Thread: control; takes the reports' lock, which the output thread holds only to append.
    public func takeNotices() -> [LiveNotice] {
        reports.withLock { reports in
            defer { reports.notices.removeAll() }
            return reports.notices
        }
    }
}

/// What the engine's output thread asks of a program.
extension EngineProgram {
    /// Whether a resume waits to be taken.
    var wantsResume: Bool { resumeRequest.load(ordering: .acquiring) > 0 }

    /// Thread: output.
    func declineCut() {
        cutFrame.store(-1, ordering: .releasing)
        cutAt.store(Self.cutDeclined, ordering: .releasing)
    }
}
