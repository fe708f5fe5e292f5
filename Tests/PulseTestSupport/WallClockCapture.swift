import Foundation

/// Records the private test server's sink monitor as `PulseCapture` does, and places the
/// recording on the wall clock: each chunk `parec` hands over was captured no later than it
/// arrived, so the earliest (arrival − frames so far ÷ rate) over the recording is when its
/// first frame was captured, to within parec's smallest delivery delay (a few milliseconds
/// with its latency set low).
public final class WallClockCapture: @unchecked Sendable {
    private let process = Process()
    private let pipe = Pipe()
    private let rate = 48_000
    private let frameBytes: Int
    private let lock = NSLock()
    private var bytes = Data()
    private var firstFrameTime = Double.infinity
    private let done = DispatchSemaphore(value: 0)

    /// Records `device` (the test sink's monitor unless given), `channels` interleaved; from
    /// `server` (a PULSE_SERVER address) when given.
    public init(device: String? = nil, channels: Int = 2, server: String? = nil) throws {
        frameBytes = 4 * channels
        process.executableURL = URL(fileURLWithPath: "/usr/bin/parec")
        process.arguments =
            [
                "--raw", "--format=float32le", "--rate=48000", "--channels=\(channels)", "--latency-msec=5",
                "-d", device ?? "\(PulseCapture.sink ?? "meditate_test").monitor"
            ] + (server.map { ["--server=\($0)"] } ?? [])
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                let now = Date().timeIntervalSince1970
                guard !chunk.isEmpty else { break }
                lock.withLock {
                    bytes.append(chunk)
                    firstFrameTime = min(firstFrameTime, now - Double(bytes.count / frameBytes) / Double(rate))
                }
            }
            done.signal()
        }
        // Recording once the first frames have come.
        let deadline = Date().addingTimeInterval(5)
        while lock.withLock({ bytes.isEmpty }) && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    }

    /// Stops recording; returns the interleaved samples and the wall-clock instant of the first frame.
    public func stop() -> (samples: [Float], start: Double) {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        _ = done.wait(timeout: .now() + 5)
        return lock.withLock {
            (bytes.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }, firstFrameTime)
        }
    }
}
