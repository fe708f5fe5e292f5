import CPipe
import Clock
import Foundation

/// Feeds a Snapcast server's pipe source (`source = pipe://PATH?name=…` in snapserver.conf): 16-bit
/// stereo at the engine's rate into the FIFO snapserver reads, which plays it in every room its
/// clients are in, together.
///
/// snapserver takes the FIFO's frames at its own real-time pace, a chunk every 20 ms, and its
/// clients play each frame `serverBuffer` after it was taken (snapserver's `buffer`, 1000 ms by
/// default). So the frames played, the session's clock, are the frames it had taken that long ago.
public final class SnapcastOutput: AudioOutput {
    /// snapserver's own default source: `pipe:///tmp/snapfifo`.
    public static let defaultPath = "/tmp/snapfifo"
    /// snapserver's own default `buffer`.
    public static let defaultServerBufferMilliseconds = 1000
    /// A snapserver that has taken nothing for this long while frames wait has stopped reading.
    static let stallNanoseconds = 2_000_000_000
    /// How long opening waits for snapserver to take a first few frames: it opens its FIFO again
    /// 100 ms after each time it found no writer.
    static let probeNanoseconds = 600_000_000
    private static let bytesPerFrame = 4

    /// The FIFO, open for reading and writing; -1 once the output is lost.
    private var descriptor: Int32
    private let conversion: UnsafeMutablePointer<Int16>
    private let conversionFrames = 2048
    private var history: TakenHistory
    /// Bytes written through this output, and the instant snapserver was last seen taking any.
    private var writtenBytes = 0
    private var lastTaken = 0
    private var lastProgress: Int
    public let summary: String
    public let requestFrames: Int
    public let bufferFrames: Int
    public private(set) var underruns = 0

    /// Opens the FIFO at `path` (snapserver's pipe source) and makes sure snapserver reads it.
    /// - Parameters:
    ///   - latencyMilliseconds: the pipe's buffer to ask for (the kernel rounds it up).
    ///   - serverBufferMilliseconds: snapserver's `buffer`: how long after taking a frame its
    ///     clients play it.
    public init(
        path: String?, sampleRate: Int, latencyMilliseconds: Int, serverBufferMilliseconds: Int
    ) throws(OutputError) {
        let path = path ?? Self.defaultPath
        let hint = "snapserver.conf needs source = pipe://\(path)?name=meditate&sampleformat=\(sampleRate):16:2"
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .unavailable(backend: "Snapcast", device: path, reason: "\(Self.describe(errno)) (\(hint))")
        }
        guard status.st_mode & S_IFMT == S_IFIFO else {
            throw .unavailable(backend: "Snapcast", device: path, reason: "not a FIFO (\(hint))")
        }
        // Read and write, so that opening never waits for a reader and a write never raises
        // SIGPIPE: whether snapserver reads is told by whether it takes what is written.
        let descriptor = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .unavailable(backend: "Snapcast", device: path, reason: Self.describe(errno))
        }
        // Frames a lost output left are taken first; a pipe kept full is another writer's.
        switch Self.waitUntilEmpty(descriptor) {
        case .empty: break
        case .takenButRefilled:
            close(descriptor)
            throw .unavailable(backend: "Snapcast", device: path, reason: "another program is writing to it")
        case .untouched:
            close(descriptor)
            throw .unavailable(backend: "Snapcast", device: path, reason: "snapserver is not reading it (\(hint))")
        }
        // snapserver reads a whole 20 ms chunk at a time (what the output asks for at a time too)
        // and pads what it does not find with silence: the pipe holds a chunk and a page more
        // (its room is counted in pages) at least.
        let chunkFrames = max(1, sampleRate / 50)
        let chunkBytes = chunkFrames * Self.bytesPerFrame
        let wanted = min(1 << 20, max(chunkBytes + 8192, latencyMilliseconds * sampleRate / 1000 * Self.bytesPerFrame))
        let pipeBytes = Int(meditate_pipe_resize(descriptor, Int32(wanted)))
        guard pipeBytes > 0, Self.probe(descriptor, frames: sampleRate / 100) else {
            close(descriptor)
            throw .unavailable(backend: "Snapcast", device: path, reason: "snapserver is not reading it (\(hint))")
        }
        self.descriptor = descriptor
        conversion = .allocate(capacity: conversionFrames * 2)
        let start = MonotonicClock.nanoseconds()
        history = TakenHistory(delayNanoseconds: serverBufferMilliseconds * 1_000_000, start: start)
        lastProgress = start
        let pipeFrames = pipeBytes / Self.bytesPerFrame
        requestFrames = chunkFrames
        bufferFrames = pipeFrames + serverBufferMilliseconds * sampleRate / 1000
        summary =
            "Snapcast pipe \(path): 16-bit, \(sampleRate) Hz, pipe \(pipeFrames) frames "
            + "(\(pipeFrames * 1000 / sampleRate) ms), server buffer \(serverBufferMilliseconds) ms"
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        conversion.deallocate()
    }

    /// Takes back what snapserver has not taken, and closes the FIFO as soon as the output is
    /// lost, before another is opened on it. A server that hung rather than died would
    /// otherwise play those frames when it wakes, and the reopened output, which plays on from
    /// what the rooms heard, would play them again. (The FIFO is open for reading too.)
    /// Thread: output.
    private func lose(_ reason: String) -> OutputError {
        if descriptor >= 0 {
            let scrap = conversionFrames * Self.bytesPerFrame
            while read(descriptor, conversion, scrap) > 0 {}
            close(descriptor)
        }
        descriptor = -1
        return .deviceLost(reason: reason)
    }

    /// Writes a few frames of silence and waits for snapserver to take them.
    private static func probe(_ descriptor: Int32, frames: Int) -> Bool {
        let silence = [Int16](repeating: 0, count: frames * 2)
        let written = silence.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        return written == frames * bytesPerFrame && waitUntilEmpty(descriptor) == .empty
    }

    /// What became of the frames in a pipe within the probe's time.
    private enum Emptying {
        case empty
        /// Some were taken, and more came: another program writes.
        case takenButRefilled
        /// None were taken: nobody reads.
        case untouched
    }

    private static func waitUntilEmpty(_ descriptor: Int32) -> Emptying {
        let deadline = MonotonicClock.nanoseconds() + probeNanoseconds
        var last = meditate_pipe_pending(descriptor)
        var taken = false
        while last != 0 {
            guard MonotonicClock.nanoseconds() < deadline, last > 0 else {
                return taken ? .takenButRefilled : .untouched
            }
            usleep(5_000)
            let pending = meditate_pipe_pending(descriptor)
            if pending != last { taken = true }
            last = pending
        }
        return .empty
    }

    /// Thread: output.
    public func write(_ interleaved: UnsafeBufferPointer<Float>) throws(OutputError) -> Int {
        guard let base = interleaved.baseAddress else { return unplayedFrames() }
        var frames = interleaved.count / 2
        var source = base
        // Less than a chunk waiting: snapserver's next read pads the rest with silence.
        if writtenBytes > 0 && Int(meditate_pipe_pending(descriptor)) < requestFrames * Self.bytesPerFrame {
            underruns += 1
        }
        while frames > 0 {
            let chunk = min(frames, conversionFrames)
            Int16Conversion.convert(UnsafeBufferPointer(start: source, count: chunk * 2), into: conversion)
            try send(UnsafeRawPointer(conversion), bytes: chunk * Self.bytesPerFrame)
            frames -= chunk
            source += chunk * 2
        }
        return unplayedFrames()
    }

    /// Writes all of `bytes`, waiting while the pipe is full.
    /// Thread: output.
    private func send(_ data: UnsafeRawPointer, bytes: Int) throws(OutputError) {
        var offset = 0
        while offset < bytes {
            let written = Glibc.write(descriptor, data + offset, bytes - offset)
            if written > 0 {
                offset += written
                writtenBytes += written
                continue
            }
            let error = errno
            guard written < 0, error == EAGAIN || error == EINTR else {
                throw lose("writing to snapserver's FIFO: \(Self.describe(error))")
            }
            _ = unplayedFrames()
            if MonotonicClock.nanoseconds() - lastProgress > Self.stallNanoseconds {
                throw lose("snapserver has taken nothing for 2 s")
            }
            var wait = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&wait, 1, 20)
        }
    }

    /// Thread: output.
    public func unplayedFrames() -> Int {
        let now = MonotonicClock.nanoseconds()
        let pending = max(0, Int(meditate_pipe_pending(descriptor)))
        let taken = max(0, writtenBytes - pending) / Self.bytesPerFrame
        if taken > lastTaken || pending == 0 {
            lastTaken = taken
            lastProgress = now
        }
        history.record(taken, at: now)
        return max(0, writtenBytes / Self.bytesPerFrame - history.heard(at: now))
    }

    /// Waits until the rooms have heard everything written, or snapserver stops taking it.
    /// Thread: output.
    public func drain() {
        while unplayedFrames() > 0 && MonotonicClock.nanoseconds() - lastProgress <= Self.stallNanoseconds {
            usleep(10_000)
        }
    }

    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
