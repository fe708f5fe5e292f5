import Foundation

/// Runs the built `meditate` executable, as a person would from a shell.
package struct CLIRunner {
    package struct Result {
        package let status: Int32
        package let stdout: String
        package let stderr: String
    }

    /// The `meditate` built beside this test bundle.
    package static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("meditate")
    }

    /// The test's environment without a person's settings or data: no `MEDITATE_*` setting
    /// variables, a config folder of its own that holds nothing, and a data folder of its own
    /// (a test that needs either passes its own XDG_CONFIG_HOME or XDG_DATA_HOME).
    package static let environment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("MEDITATE_") || $0.key.hasPrefix("MEDITATE_TEST_")
        }
        // English, whatever the machine's locale; a test of another language sets its own.
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = nil
        environment["LC_MESSAGES"] = nil
        environment["XDG_CONFIG_HOME"] =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("meditate-no-config-\(getpid())").path
        // Live sessions record themselves in the history: in a folder of the test run's own.
        environment["XDG_DATA_HOME"] =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("meditate-test-data-\(getpid())").path
        // No service of the person's answers on the test's socket: a `meditate sit` would
        // otherwise hand its sit to it. A test that wants one starts its own.
        environment["XDG_RUNTIME_DIR"] =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("meditate-test-runtime-\(getpid())").path
        // No desktop of the person's hears of a test's sits (notifications, sleep inhibitors):
        // no session bus, and a system bus address where nothing listens. A test of them starts
        // its own buses (`PrivateDBus`).
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = "unix:path=/nonexistent/meditate-test-no-system-bus"
        return environment
    }()

    /// Longer than any test's run; a run that hangs is killed and its test fails with a note,
    /// instead of holding the whole suite until CI's limit.
    package static let timeoutSeconds = 180.0

    package static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        try run(
            program: executable.path, arguments, environment: Self.environment.merging(environment) { $1 })
    }

    /// Runs any program, with exactly `environment` (nil: this process's) in `directory`.
    package static func run(
        program: String, _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
        timeout: Double = timeoutSeconds
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let killed = KillSwitch(pid: process.processIdentifier, after: timeout)
        // Both pipes drained at once: a child that fills one while we wait on the other would hang.
        let errText = PipeText(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = errText.wait()
        process.waitUntilExit()
        let timedOut = killed.disarm()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self)
                + (timedOut ? "\n[CLIRunner: killed after \(Int(timeout)) s]" : ""))
    }
}

/// Reads a pipe to its end on a thread of its own.
package final class PipeText: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    package init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    package func wait() -> Data {
        done.wait()
        return data
    }
}

/// SIGKILLs a process unless disarmed in time.
package final class KillSwitch: @unchecked Sendable {
    private let lock = NSLock()
    private var armed = true
    private var fired = false

    package init(pid: Int32, after seconds: Double) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            lock.withLock {
                guard armed else { return }
                fired = true
                kill(pid, SIGKILL)
            }
        }
    }

    /// Whether it fired.
    package func disarm() -> Bool {
        lock.withLock {
            armed = false
            return fired
        }
    }
}

/// A fresh folder for one test's files, removed afterwards.
package final class Scratch {
    package let url: URL
    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("meditate-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    package func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    package var contents: [String] { (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] }
}

package let fixtureFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("DecodersTests/Fixtures").path
