import Foundation

/// `meditate` running headless with its stderr in a file: a pipe would be inherited by a
/// sound server the test starts after it, and never reach its end.
package final class LoggedMeditate {
    package let process = Process()
    package let logPath: String

    /// `cleanSignalMask`: started as from a shell, with no signal blocked (the test runner
    /// blocks nearly all, and a child inherits that), through perl from Debian's perl-base.
    package init(
        _ arguments: [String], environment: [String: String], logPath: String, cleanSignalMask: Bool = false
    ) throws {
        self.logPath = logPath
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        if cleanSignalMask {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/perl")
            process.arguments =
                [
                    "-MPOSIX", "-e", "sigprocmask(SIG_SETMASK, POSIX::SigSet->new) or die; exec @ARGV or die",
                    CLIRunner.executable.path
                ] + arguments
        } else {
            process.executableURL = CLIRunner.executable
            process.arguments = arguments
        }
        process.environment = CLIRunner.environment.merging(environment) { $1 }
        process.standardError = FileHandle(forWritingAtPath: logPath)
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    package var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Waits up to `seconds` for `text` in the log; whether it came.
    @discardableResult
    package func waitForLog(containing text: String, seconds: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline && process.isRunning {
            if log.contains(text) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return log.contains(text)
    }

    /// Waits for the exit (killing it after `seconds`) and returns the log.
    package func finish(seconds: Double = 60) -> String {
        let killer = KillSwitch(pid: process.processIdentifier, after: seconds)
        process.waitUntilExit()
        _ = killer.disarm()
        return log
    }
}
