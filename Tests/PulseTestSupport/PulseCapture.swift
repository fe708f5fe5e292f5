import Foundation

/// Records the private test server's null sink monitor with `parec`, as float32 stereo at 48 kHz.
/// `make test` starts that server (scripts/with-test-pulse.sh) and names its sink in the
/// environment; without it these tests are not run, except under `make test`, where they fail.
public final class PulseCapture {
    public static var sink: String? { ProcessInfo.processInfo.environment["MEDITATE_TEST_PULSE_SINK"] }
    public static var available: Bool { RequiredTools.runs(needing: sink != nil) }

    private let process = Process()
    private let path: String

    /// Records into `path`; from `server` (a PULSE_SERVER address) when given, such as a
    /// test's own PipeWire, whose sink has the same name.
    public init(into path: String, server: String? = nil) throws {
        self.path = path
        process.executableURL = URL(fileURLWithPath: "/usr/bin/parec")
        process.arguments =
            [
                "--raw", "--format=float32le", "--rate=48000", "--channels=2",
                "--latency-msec=20", "-d", "\(Self.sink ?? "meditate_test").monitor", path
            ] + (server.map { ["--server=\($0)"] } ?? [])
        process.standardError = FileHandle.nullDevice
        try process.run()
        // parec is recording once the file exists and grows.
        let deadline = Date().addingTimeInterval(5)
        while (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 == 0,
            Date() < deadline
        {
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Stops recording and returns the interleaved samples.
    public func stop() throws -> [Float] {
        // SIGKILL, because parec inherits the test runner's blocked SIGINT and SIGTERM; it
        // writes what it records straight to the file, so nothing recorded is lost.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return try Data(contentsOf: URL(fileURLWithPath: path)).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }
}
