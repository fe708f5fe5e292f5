import Foundation
import Outputs

/// A sound device for tests: its clock moves only when the test calls `play(frames:)`, it keeps
/// every frame written at its device position (what a rewrite replaces is replaced), and it fails
/// on demand. The live driver plays through it exactly as through PulseAudio or ALSA, without a
/// sound server.
///
/// Two styles, as the real backends: `.pull` asks for frames (`writableFrames`, `waitForRoom`) and
/// can take back what it holds but has not played, as PulseAudio; `.blocking` waits inside
/// `write` until it has room and cannot take frames back, as ALSA.
///
/// Thread: the output thread calls the `AudioOutput` methods, the test thread the others; one
/// lock guards the state and its condition wakes whichever side waits.
public final class MockOutput: AudioOutput, @unchecked Sendable {
    public enum Style: Sendable {
        case pull
        case blocking
    }

    public let style: Style
    public let requestFrames: Int
    public let bufferFrames: Int
    /// Frames past the play position a `.pull` device no longer gives back (PulseAudio's are
    /// what the server has already mixed).
    public let guardFrames: Int
    public let name: String

    private let condition = NSCondition()
    /// Interleaved samples at device positions 0..<written.
    private var samples: [Float] = []
    private var playedFrames = 0
    private var pendingFailure: OutputError?
    private var lost = false
    private var interrupted = false
    private var underrunCount = 0
    /// Added to every report of unplayed frames: a timing report that jumps.
    private var reportSkew = 0
    private var rewrites: [Int] = []
    private var violations: [String] = []
    /// The output thread has asked what it may take back and not yet acted on it: the clock
    /// stands still meanwhile. (PulseAudio's read index can move between the two; its backend
    /// keeps a margin for that. The mock has none, so it lets no frame be played in the gap,
    /// however slowly a sanitized build gets from the question to the rewrite.)
    private var askedRewritable = false

    public init(
        style: Style = .pull, name: String = "mock", requestFrames: Int = 1024, bufferFrames: Int = 8192,
        guardFrames: Int = 256
    ) {
        self.style = style
        self.name = name
        self.requestFrames = requestFrames
        self.bufferFrames = bufferFrames
        self.guardFrames = guardFrames
    }

    // MARK: AudioOutput (the output thread)

    public var summary: String { "\(name) (buffer \(bufferFrames) frames)" }

    public func write(_ interleaved: UnsafeBufferPointer<Float>) throws(OutputError) -> Int {
        condition.lock()
        defer { condition.unlock() }
        if let failure = pendingFailure {
            pendingFailure = nil
            lost = true
            throw failure
        }
        if lost { throw .deviceLost(reason: "\(name) is gone") }
        let frames = interleaved.count / 2
        while style == .blocking && heldFrames + frames > bufferFrames && !lost && pendingFailure == nil {
            condition.wait()
        }
        if let failure = pendingFailure {
            pendingFailure = nil
            lost = true
            throw failure
        }
        samples.append(contentsOf: interleaved)
        askedRewritable = false
        condition.broadcast()
        return max(0, heldFrames + reportSkew)
    }

    public var takesBack: Bool { style == .pull }

    public func rewritableFrame() -> Int? {
        guard style == .pull else { return nil }
        condition.lock()
        defer { condition.unlock() }
        askedRewritable = true
        return min(playedFrames + guardFrames, writtenFrames)
    }

    public func writableFrames() -> Int {
        guard style == .pull else { return .max }
        condition.lock()
        defer { condition.unlock() }
        return lost || pendingFailure != nil ? requestFrames : max(0, bufferFrames - heldFrames)
    }

    public func waitForRoom(milliseconds: Int?) {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(Double(milliseconds ?? 1000) / 1000)
        askedRewritable = false
        condition.broadcast()
        let played = playedFrames
        while playedFrames == played && !interrupted && pendingFailure == nil && Date() < deadline {
            _ = condition.wait(until: deadline)
        }
        interrupted = false
    }

    public func interrupt() {
        condition.lock()
        interrupted = true
        condition.broadcast()
        condition.unlock()
    }

    public func rewrite(from frame: Int) {
        condition.lock()
        defer { condition.unlock() }
        askedRewritable = false
        condition.broadcast()
        guard style == .pull && frame >= playedFrames + guardFrames && frame <= writtenFrames else {
            violations.append("a rewrite from \(frame) with \(playedFrames) played and \(writtenFrames) written")
            return
        }
        samples.removeLast((writtenFrames - frame) * 2)
        rewrites.append(frame)
    }

    public func unplayedFrames() -> Int {
        condition.lock()
        defer { condition.unlock() }
        askedRewritable = false
        condition.broadcast()
        return max(0, heldFrames + reportSkew)
    }

    public var underruns: Int {
        condition.lock()
        defer { condition.unlock() }
        return underrunCount
    }

    public func drain() {
        condition.lock()
        defer { condition.unlock() }
        while heldFrames > 0 && !lost { condition.wait() }
    }

    // MARK: The test's side

    /// The device plays `frames` more of what it holds (at most all of it), and wakes the writer;
    /// first it waits (a second at most) for the output thread to act on a question of what it
    /// may take back.
    public func play(frames: Int) {
        condition.lock()
        let deadline = Date().addingTimeInterval(1)
        while askedRewritable && Date() < deadline { _ = condition.wait(until: deadline) }
        playedFrames += max(0, min(frames, heldFrames))
        condition.broadcast()
        condition.unlock()
    }

    /// Frames the device has played: its clock.
    public var played: Int { locked { playedFrames } }
    /// Frames written and not taken back.
    public var written: Int { locked { writtenFrames } }
    /// The device frames each rewrite started at.
    public var rewriteFrames: [Int] { locked { rewrites } }
    /// Calls the protocol forbids (a rewrite of frames already played), which were refused.
    public var protocolViolations: [String] { locked { violations } }

    /// What was heard: the interleaved samples of the frames played.
    public var heard: [Float] { locked { Array(samples[..<(playedFrames * 2)]) } }

    /// Waits (in real time, at most `seconds`) until the device holds `frames` unplayed or more.
    @discardableResult
    public func waitUntilHolding(_ frames: Int, seconds: Double = 5) -> Bool {
        waitUntil(seconds: seconds) { $0.written - $0.played >= frames }
    }

    /// Waits (in real time, at most `seconds`) until `test` holds; false if it never did.
    @discardableResult
    public func waitUntil(seconds: Double = 5, _ test: (MockOutput) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !test(self) {
            guard Date() < deadline else { return false }
            // Woken by the next write; the short limit covers one made between the test and the wait.
            condition.lock()
            _ = condition.wait(until: min(deadline, Date().addingTimeInterval(0.01)))
            condition.unlock()
        }
        return true
    }

    /// The next `write` (or the one waiting now) throws `error`, and every later one throws too:
    /// the device is gone.
    public func fail(with error: OutputError = .deviceLost(reason: "unplugged")) {
        condition.lock()
        pendingFailure = error
        condition.broadcast()
        condition.unlock()
    }

    /// The device ran dry once, and says so in `underruns`.
    public func underrun() {
        locked { underrunCount += 1 }
    }

    /// Every later report of unplayed frames is off by `frames` (a timing report that jumps).
    public func skewReports(by frames: Int) {
        locked { reportSkew = frames }
    }

    // Under the lock.
    private var writtenFrames: Int { samples.count / 2 }
    private var heldFrames: Int { writtenFrames - playedFrames }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}
