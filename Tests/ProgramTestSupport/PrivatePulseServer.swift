import Foundation

/// A PulseAudio server of one test's own (a null sink, a socket in a scratch folder), for tests
/// that make the server go away; the shared server of `make test` must stay up for the others.
package final class PrivatePulseServer {
    package let socket: String
    private let process = Process()

    package init(in folder: URL) throws {
        socket = folder.appendingPathComponent("native").path
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pulseaudio")
        process.arguments = [
            "-n", "--daemonize=no", "--exit-idle-time=-1", "--use-pid-file=no",
            "--log-target=file:\(folder.appendingPathComponent("server.log").path)",
            "-L", "module-native-protocol-unix socket=\(socket) auth-anonymous=1",
            "-L", "module-null-sink sink_name=private rate=48000"
        ]
        process.environment = [
            "HOME": folder.path, "PULSE_RUNTIME_PATH": folder.path,
            "XDG_RUNTIME_DIR": folder.path, "PATH": "/usr/bin:/bin"
        ]
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: socket) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        Thread.sleep(forTimeInterval: 0.2)
    }

    /// The server dies at once, as a crashed or restarted server does. (SIGKILL: it inherits
    /// the test runner's blocked SIGTERM.)
    package func kill() {
        guard process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { kill() }
}
