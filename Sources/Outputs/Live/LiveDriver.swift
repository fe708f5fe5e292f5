import Dispatch
import Foundation
import Mixer
import Synchronization

/// Plays a mixer through a device: a mixer thread renders blocks into a lock-free ring, an output
/// thread drains the ring into the device and keeps the clock of frames the device has played.
///
/// The control side (any one ordinary thread) steers it through atomics: how far the mixer may
/// render (`horizon`, the frame up to which every command has been sent), where the stream ends,
/// and a fade-out that ends it early.
public final class LiveDriver: @unchecked Sendable {
    private let renderer: MixerRenderer
    private let reopen: @Sendable () throws(OutputError) -> any AudioOutput
    private var output: any AudioOutput
    private let ring: SPSCRing<Float>
    private let blockFrames: Int
    private let aheadFrames: Int
    private let periodFrames: Int

    private let horizonFrame = Atomic<Int>(0)
    private let endFrameValue = Atomic<Int>(.max)
    private let fadeOutRequest = Atomic<Int>(0)
    private let stopping = Atomic<Bool>(false)
    private let renderingDone = Atomic<Bool>(false)
    private let finishedFlag = Atomic<Bool>(false)
    private let played = Atomic<Int>(0)
    private let underrunCount = Atomic<Int>(0)
    /// When the first buffer reached the device, in nanoseconds of the realtime clock (0: not yet).
    private let firstWriteNanoseconds = Atomic<Int>(0)
    /// Wakes the mixer thread when the output thread has made room in the ring.
    private let roomMade = DispatchSemaphore(value: 0)
    /// Wakes the output thread when the mixer thread has written to the ring.
    private let framesWritten = DispatchSemaphore(value: 0)
    private let reports: Mutex<Reports>

    private struct Reports {
        var summary: String
        var failure: OutputError?
        var notices: [LiveNotice] = []
    }

    /// - Parameters:
    ///   - reopen: opens a device again when the current one goes away mid-stream.
    ///   - aheadFrames: how far the mixer renders ahead of the output thread; with the device's
    ///     own buffer this is the delay before a fade-out or pause is heard.
    public init(renderer: MixerRenderer, output: any AudioOutput,
                reopen: @escaping @Sendable () throws(OutputError) -> any AudioOutput,
                blockFrames: Int = 1024, aheadFrames: Int = 3072) {
        self.renderer = renderer
        self.output = output
        self.reopen = reopen
        self.blockFrames = min(blockFrames, renderer.maxBlockFrames)
        // The output thread hands the device what it asks for in one write, so the ring holds
        // at least that much: a device asking for more than is ready would wake both threads
        // again and again to collect its request block by block.
        periodFrames = max(2 * self.blockFrames, output.requestFrames)
        self.aheadFrames = max(aheadFrames, periodFrames)
        ring = SPSCRing(minimumCapacity: (self.aheadFrames + self.blockFrames) * 2)
        reports = Mutex(Reports(summary: output.summary))
    }

    public func start() {
        // Named, so that top -H and perf tell the two apart.
        Thread.detachNewThread { [self] in
            Thread.current.name = "meditate-mixer"
            runMixer()
        }
        Thread.detachNewThread { [self] in
            Thread.current.name = "meditate-output"
            runOutput()
        }
    }

    // MARK: Control side

    /// The mixer renders no frame at or beyond this one (every command before it has been sent).
    public func setHorizon(_ frame: Int) {
        // The control side sets it on every poll: only a change is worth waking the mixer.
        if horizonFrame.exchange(frame, ordering: .acquiringAndReleasing) != frame { roomMade.signal() }
    }

    /// The stream ends before this frame (the last gong has rung out).
    public func setEndFrame(_ frame: Int) {
        if endFrameValue.exchange(frame, ordering: .acquiringAndReleasing) != frame { roomMade.signal() }
    }

    /// Fades everything out over `frames` from the next block the mixer renders, then ends.
    public func fadeOutAndEnd(frames: Int) {
        fadeOutRequest.store(max(frames, 1), ordering: .releasing)
        roomMade.signal()
    }

    /// Frames of the stream the device has played: the session's clock.
    public var playedFrames: Int { played.load(ordering: .acquiring) }

    /// Whether the last frame has been played (or playback failed).
    public var isFinished: Bool { finishedFlag.load(ordering: .acquiring) }

    /// When the first buffer was written to the device (seconds since 1970), if it has been.
    public var firstBufferTime: Double? {
        let nanoseconds = firstWriteNanoseconds.load(ordering: .relaxed)
        return nanoseconds == 0 ? nil : Double(nanoseconds) / 1e9
    }

    private static func realtimeNanoseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return now.tv_sec * 1_000_000_000 + now.tv_nsec
    }

    /// Underruns of every device used, once playback has finished.
    public var underruns: Int { underrunCount.load(ordering: .relaxed) }

    /// The device playing now, with its negotiated buffer.
    public var outputSummary: String { reports.withLock { $0.summary } }

    /// Why playback stopped, when a device failed and none could be opened again.
    public var failure: OutputError? { reports.withLock { $0.failure } }

    /// Things worth a log line that happened on the output thread (a device reopened), oldest first.
    public func takeNotices() -> [LiveNotice] {
        reports.withLock { reports in
            defer { reports.notices.removeAll() }
            return reports.notices
        }
    }

    // MARK: Mixer thread

    private func runMixer() {
        // Ctrl-C, SIGTERM and SIGHUP are left to the control thread: delivered there, they cut
        // its wait short, so it can sleep long between polls and still answer one at once.
        InterruptionSignals.mask(SIG_BLOCK)
        ThreadPriority.requestRealtime()
        let samples = blockFrames * 2
        let block = UnsafeMutablePointer<Float>.allocate(capacity: samples)
        defer { block.deallocate() }
        var fadingOut = false
        var unannounced = false
        while !stopping.load(ordering: .acquiring) {
            let fade = fadeOutRequest.exchange(0, ordering: .acquiringAndReleasing)
            if fade > 0 {
                renderer.rampMasterGain(to: 0, frames: fade, curve: .equalPower)
                endFrameValue.store(min(endFrameValue.load(ordering: .acquiring), renderer.frame + fade),
                                    ordering: .releasing)
                fadingOut = true
            }
            let end = endFrameValue.load(ordering: .acquiring)
            if renderer.frame >= end { break }
            // A fade-out to the end waits for no command: nothing after it will be heard.
            let limit = fadingOut ? end : min(end, horizonFrame.load(ordering: .acquiring))
            let frames = min(blockFrames, limit - renderer.frame)
            guard frames > 0, ring.availableToRead < aheadFrames * 2,
                  ring.availableToWrite >= frames * 2 else {
                // The output thread is told once the ring is as full as it gets, not per block:
                // each wake-up of a thread costs more than rendering a block.
                if unannounced {
                    framesWritten.signal()
                    unannounced = false
                }
                // Every change the wait is for signals it; the time-out is only a safety net.
                _ = roomMade.wait(timeout: .now() + .milliseconds(250))
                continue
            }
            renderer.render(into: block, frames: frames)
            _ = ring.write(UnsafeBufferPointer(start: block, count: frames * 2))
            unannounced = true
        }
        renderingDone.store(true, ordering: .releasing)
        framesWritten.signal()
    }

    // MARK: Output thread

    private func runOutput() {
        InterruptionSignals.mask(SIG_BLOCK)
        ThreadPriority.requestRealtime()
        let buffer = UnsafeMutableBufferPointer<Float>.allocate(capacity: periodFrames * 2)
        defer { buffer.deallocate() }
        var written = 0
        var finishedUnderruns = 0
        var countUnderrunsOfCurrentOutput = true
        // After a device is reopened the stream resumes mid-sound: it fades in over 10 ms
        // instead of starting with a step.
        let reopenFadeFrames = 480
        var fadeInDone = reopenFadeFrames
        while !stopping.load(ordering: .acquiring) {
            let count = ring.read(into: buffer)
            if count == 0 {
                if renderingDone.load(ordering: .acquiring) && ring.availableToRead == 0 {
                    // The stream running dry after its last frame is the end, not an underrun.
                    finishedUnderruns += output.underruns
                    countUnderrunsOfCurrentOutput = false
                    output.drain()
                    publishPlayed(written)
                    break
                }
                publishPlayed(written - output.unplayedFrames())
                // Short enough to keep the clock moving while the mixer waits for a command.
                _ = framesWritten.wait(timeout: .now() + .milliseconds(100))
                continue
            }
            roomMade.signal()
            if fadeInDone < reopenFadeFrames {
                for frame in 0..<(count / 2) where fadeInDone < reopenFadeFrames {
                    let gain = Float(fadeInDone) / Float(reopenFadeFrames)
                    buffer[2 * frame] *= gain
                    buffer[2 * frame + 1] *= gain
                    fadeInDone += 1
                }
            }
            var unplayed = 0
            do {
                unplayed = try output.write(UnsafeBufferPointer(rebasing: buffer[0..<count]))
            } catch {
                finishedUnderruns += output.underruns
                guard reconnect(after: error) else { break }
                // The frames in the lost device's buffer are gone; the stream carries on after
                // them, faded in.
                fadeInDone = 0
            }
            if written == 0 { firstWriteNanoseconds.store(Self.realtimeNanoseconds(), ordering: .relaxed) }
            written += count / 2
            publishPlayed(written - unplayed)
        }
        underrunCount.store(finishedUnderruns + (countUnderrunsOfCurrentOutput ? output.underruns : 0),
                            ordering: .relaxed)
        stopping.store(true, ordering: .releasing)
        roomMade.signal()
        finishedFlag.store(true, ordering: .releasing)
    }

    private func publishPlayed(_ frames: Int) {
        // Never backwards: a device's delay estimate wobbles.
        if frames > played.load(ordering: .relaxed) { played.store(frames, ordering: .releasing) }
    }

    /// Opens a device again within two seconds; false (with the failure recorded) if none opens.
    private func reconnect(after error: OutputError) -> Bool {
        reports.withLock { $0.notices.append(.reopening(after: error)) }
        let deadline = ContinuousClock.now + .seconds(2)
        var lastError = error
        while ContinuousClock.now < deadline && !stopping.load(ordering: .acquiring) {
            do {
                let reopened = try reopen()
                output = reopened
                reports.withLock {
                    $0.summary = reopened.summary
                    $0.notices.append(.playingOn(reopened.summary))
                }
                return true
            } catch {
                lastError = error
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
        reports.withLock { $0.failure = lastError }
        return false
    }
}
