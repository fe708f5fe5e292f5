import Foundation

/// A private tmux server with one window running a script, as a person's terminal: its own
/// socket in a scratch folder, stopped by `stop()`. tmux runs with no signal blocked (perl,
/// from Debian's essential perl-base, clears the mask): the test runner blocks nearly every
/// signal, and a tmux that inherited that would neither hang up its panes nor answer.
package final class PrivateTmux {
    package let socket: String
    private let home: String

    /// Starts `script` (an executable file) in a window of `columns` × `rows`.
    package init(script: String, columns: Int, rows: Int = 20, scratch: Scratch) throws {
        socket = scratch.path("tmux.sock")
        home = scratch.url.path
        // The client that starts the server is not waited for: the server it forks inherits
        // what Foundation watches for the client's exit, so that wait would last the session.
        _ = try run(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", script], wait: false)
    }

    /// Writes a script that runs meditate with `arguments` and the test environment (stderr
    /// to `errors`, or to the window with nil), for `init(script:)`; `ignoringHangup` starts it as nohup would.
    package static func script(
        _ arguments: [String], environment: [String: String], errors: String?, scratch: Scratch,
        ignoringHangup: Bool = false
    ) throws -> String {
        var lines = ["#!/bin/sh"]
        for (key, value) in CLIRunner.environment.merging(environment, uniquingKeysWith: { $1 })
        where key.hasPrefix("PULSE") || key.hasPrefix("XDG") || key == "HOME" || key.hasPrefix("LANG")
            || key == "MEDITATE_SOUNDS"
        {
            lines.append("export \(key)='\(value)'")
        }
        if ignoringHangup { lines.append("trap '' HUP") }
        lines.append(
            "exec '\(CLIRunner.executable.path)' " + arguments.map { "'\($0)'" }.joined(separator: " ")
                + (errors.map { " 2>'\($0)'" } ?? ""))
        let path = scratch.path("run-\(UUID().uuidString).sh")
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    /// What the window shows now, one string per row.
    package func screen() throws -> [String] {
        let pipe = Pipe()
        let tmux = Process()
        tmux.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        tmux.arguments = ["-S", socket, "capture-pane", "-p"]
        tmux.environment = ["PATH": "/usr/bin:/bin"]
        tmux.standardOutput = pipe
        try tmux.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        tmux.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
    }

    /// Polls the screen until `condition` holds on it (or `seconds` pass); the last screen.
    package func screen(within seconds: Double, until condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        var shown = try screen()
        while !condition(shown) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            shown = try screen()
        }
        return shown
    }

    /// Makes the window `columns` wide, as a person dragging its edge.
    package func resize(columns: Int, rows: Int = 20) throws {
        try run(["resize-window", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Types keys into the window (tmux's names: "q", "Space").
    package func send(_ keys: String) throws {
        try run(["send-keys", keys])
    }

    /// The programs its windows ran, as `stop()` found them: what a test may wait for.
    package private(set) var programs: [pid_t] = []

    /// Closes the terminal: its windows' programs are hung up, as when a person closes it.
    package func stop() {
        programs = panePrograms()
        _ = try? run(["kill-server"])
    }

    /// Waits, after `stop()`, until the programs its windows ran have exited (or `seconds`
    /// pass); whether they have. A sit ends on the hang-up with a fade, and a test that
    /// records the sink next would otherwise hear it.
    package func waitForPrograms(within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while programs.contains(where: Self.isRunning) {
            guard Date() < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return true
    }

    /// The pid of each pane's program (the script, which execs meditate).
    private func panePrograms() -> [pid_t] {
        let pipe = Pipe()
        let tmux = Process()
        tmux.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        tmux.arguments = ["-S", socket, "list-panes", "-a", "-F", "#{pane_pid}"]
        tmux.environment = ["PATH": "/usr/bin:/bin"]
        tmux.standardOutput = pipe
        tmux.standardError = FileHandle.nullDevice
        guard (try? tmux.run()) != nil else { return [] }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        tmux.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { pid_t($0) }
    }

    /// Alive and not a zombie: an orphan's zombie lasts until whatever adopted it reaps it, and
    /// a container's first process may never do so.
    private static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state != nil && state != "Z" && state != "X"
    }

    @discardableResult
    package func run(_ arguments: [String], wait: Bool = true) throws -> Process {
        let tmux = Process()
        tmux.executableURL = URL(fileURLWithPath: "/usr/bin/perl")
        tmux.arguments =
            [
                "-MPOSIX", "-e", "sigprocmask(SIG_SETMASK, POSIX::SigSet->new) or die; exec @ARGV or die",
                "/usr/bin/tmux", "-S", socket
            ] + arguments
        tmux.environment = ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "HOME": home]
        try tmux.run()
        if wait { tmux.waitUntilExit() }
        return tmux
    }
}
