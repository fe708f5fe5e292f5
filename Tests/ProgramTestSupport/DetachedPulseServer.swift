import Foundation

/// A PulseAudio server of one test's own, started through a shell that exits at once, so that
/// Foundation's Process does not wait on it (its exit monitor blocks on a live child, and then
/// no other child's exit is seen); stopped by its own pid.
package final class DetachedPulseServer {
    package let socket: String
    private let pid: Int32

    package init(in folder: URL) throws {
        socket = folder.appendingPathComponent("native").path
        let pidFile = folder.appendingPathComponent("server.pid").path
        try? FileManager.default.removeItem(atPath: pidFile)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = [
            "-c",
            """
            pulseaudio -n --daemonize=no --exit-idle-time=-1 --use-pid-file=no \\
              --log-target=file:'\(folder.path)/server.log' \\
              -L 'module-native-protocol-unix socket=\(socket) auth-anonymous=1' \\
              -L 'module-null-sink sink_name=private rate=48000' </dev/null >/dev/null 2>&1 &
            echo $! > '\(pidFile)'
            """
        ]
        shell.environment = [
            "HOME": folder.path, "PULSE_RUNTIME_PATH": folder.path,
            "XDG_RUNTIME_DIR": folder.path, "PATH": "/usr/bin:/bin"
        ]
        try shell.run()
        shell.waitUntilExit()
        pid =
            Int32(
                (try String(contentsOfFile: pidFile, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines))
            ?? 0
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: socket) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        Thread.sleep(forTimeInterval: 0.2)
    }

    /// The server dies at once, as a crashed one does.
    package func kill() {
        guard pid > 0, Foundation.kill(pid, 0) == 0 else { return }
        Foundation.kill(pid, SIGKILL)
        while Foundation.kill(pid, 0) == 0 { Thread.sleep(forTimeInterval: 0.02) }
        try? FileManager.default.removeItem(atPath: socket)
    }

    deinit { kill() }
}
