import Foundation
import PulseTestSupport

/// A private D-Bus (Debian's dbus-daemon) on a socket in the test's scratch folder, with
/// python3-dbusmock's templates on it: logind for a system bus, a notification daemon for a
/// session bus. A sit reaches it through DBUS_SYSTEM_BUS_ADDRESS or DBUS_SESSION_BUS_ADDRESS;
/// the person's desktop never hears of a test. Both processes are started and stopped by their
/// own pids.
package final class PrivateDBus {
    /// What a process is given as its bus address.
    package let address: String
    /// The mock's log: each method called on it, one line each (`dbusmock -l`).
    package let mockLog: String
    private var processes: [Process] = []

    /// The mocks a bus can carry.
    package enum Mock: String {
        case logind
        case notificationDaemon = "notification_daemon"

        /// The well-known name the template owns on the bus.
        var busName: String {
            switch self {
            case .logind: "org.freedesktop.login1"
            case .notificationDaemon: "org.freedesktop.Notifications"
            }
        }

        /// dbusmock's bus flag: logind lives on the system bus.
        var busFlag: String { self == .logind ? "--system" : "--session" }
    }

    /// Whether dbus-daemon, dbus-send and Debian's python3-dbusmock are installed (`make test`
    /// installs them); dbusmock belongs to /usr/bin/python3, not to another python3 on PATH.
    package static var available: Bool {
        RequiredTools.installed("/usr/bin/dbus-daemon", "/usr/bin/dbus-send", "/usr/bin/python3")
            && RequiredTools.runs(
                needing: FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/dbusmock"))
    }

    /// Whether playerctl, the MPRIS client the media player tests drive, is installed too.
    package static var playerctlAvailable: Bool {
        available && RequiredTools.installed("/usr/bin/playerctl")
    }

    /// Starts a bus in `scratch` with `mock` on it (none: a bare session bus), and waits until
    /// the mock owns its name.
    package init(in scratch: Scratch, mock: Mock?) throws {
        let folder = scratch.path("dbus-\(mock?.rawValue ?? "session")")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        address = "unix:path=\(folder)/bus"
        mockLog = folder + "/mock.log"
        // The session configuration asks no policy of a user, which the system one would.
        let daemon = try Self.launch(
            "/usr/bin/dbus-daemon", ["--session", "--nofork", "--nopidfile", "--address=\(address)"], environment: [:])
        processes.append(daemon)
        try waitFor(seconds: 10, "dbus-daemon did not start") { (try? self.send(["ListNames"])) != nil }
        guard let mock else { return }
        let variable = mock == .logind ? "DBUS_SYSTEM_BUS_ADDRESS" : "DBUS_SESSION_BUS_ADDRESS"
        let python = try Self.launch(
            "/usr/bin/python3", ["-m", "dbusmock", mock.busFlag, "--template", mock.rawValue, "-l", mockLog],
            environment: [variable: address])
        processes.append(python)
        try waitFor(seconds: 20, "dbusmock's \(mock.rawValue) did not take its name") {
            (try? self.send(["NameHasOwner", "string:\(mock.busName)"]))?.contains("boolean true") ?? false
        }
    }

    deinit { stop() }

    /// Stops the mock and the bus by their pids (SIGKILL: a child keeps the test thread's
    /// blocked SIGTERM, and GLib's loop would not end on it anyway) and waits for them.
    package func stop() {
        for process in processes.reversed() where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        processes = []
    }

    /// Calls `method` with `arguments` (dbus-send's notation) on `destination`, and returns the
    /// reply as dbus-send prints it.
    package func call(
        _ destination: String, path: String, method: String, _ arguments: [String] = []
    ) throws -> String {
        let result = try CLIRunner.run(
            program: "/usr/bin/dbus-send",
            ["--bus=\(address)", "--print-reply", "--reply-timeout=5000", "--dest=\(destination)", path, method]
                + arguments,
            environment: [:], timeout: 20)
        guard result.status == 0 else { throw Failure(description: "dbus-send \(method): \(result.stderr)") }
        return result.stdout
    }

    /// Runs playerctl on the bus with `arguments`; its standard output, trimmed, or nil when it
    /// fails (no player, a command refused).
    package func playerctl(_ arguments: [String]) -> String? {
        let result = try? CLIRunner.run(
            program: "/usr/bin/playerctl", arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": address],
            timeout: 20)
        guard let result, result.status == 0 else { return nil }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Has the notification daemon's mock say that the button `key` of notification `id` was
    /// pressed (`ActionInvoked`), as a desktop's does: through dbusmock's own EmitSignal, which
    /// dbus-send cannot call (its arguments are variants).
    package func pressNotificationButton(id: UInt32, key: String) throws {
        let script = """
            import dbus, sys
            bus = dbus.bus.BusConnection(sys.argv[1])
            mock = bus.get_object("org.freedesktop.Notifications", "/org/freedesktop/Notifications")
            mock.EmitSignal("org.freedesktop.Notifications", "ActionInvoked", "us",
                [dbus.UInt32(int(sys.argv[2])), sys.argv[3]], dbus_interface="org.freedesktop.DBus.Mock")
            """
        let result = try CLIRunner.run(
            program: "/usr/bin/python3", ["-c", script, address, String(id), key], environment: [:], timeout: 20)
        guard result.status == 0 else { throw Failure(description: "EmitSignal ActionInvoked: \(result.stderr)") }
    }

    /// logind's inhibitors now, as dbus-send prints them.
    package func inhibitors() throws -> String {
        try call(
            "org.freedesktop.login1", path: "/org/freedesktop/login1",
            method: "org.freedesktop.login1.Manager.ListInhibitors")
    }

    /// The mock's log so far.
    package var calls: String {
        (try? String(contentsOfFile: mockLog, encoding: .utf8)) ?? ""
    }

    private func send(_ arguments: [String]) throws -> String {
        try call(
            "org.freedesktop.DBus", path: "/org/freedesktop/DBus", method: "org.freedesktop.DBus.\(arguments[0])",
            Array(arguments.dropFirst()))
    }

    private func waitFor(seconds: Double, _ failure: String, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline, processes.allSatisfy(\.isRunning) else {
                stop()
                throw Failure(description: failure)
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    private static func launch(
        _ program: String, _ arguments: [String], environment: [String: String]
    ) throws
        -> Process
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        package init(description: String) { self.description = description }
    }
}
