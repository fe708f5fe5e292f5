import Foundation

/// `meditate` left running headless (stdin is /dev/null), while the test acts on it; its
/// stderr is collected for the expectations.
package final class RunningMeditate {
    package let process = Process()
    private let errors = Pipe()
    private(set) var log = ""

    /// Starts `meditate` with CLIRunner's environment, `environment` added over it; through
    /// `launcher` (a command and its arguments, `prlimit --nofile=1024`) when one is given.
    package init(_ arguments: [String], environment: [String: String] = [:], launcher: [String] = []) throws {
        if let command = launcher.first {
            process.executableURL = URL(fileURLWithPath: command)
            process.arguments = launcher.dropFirst() + [CLIRunner.executable.path] + arguments
        } else {
            process.executableURL = CLIRunner.executable
            process.arguments = arguments
        }
        process.environment = CLIRunner.environment.merging(environment) { $1 }
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// Reads stderr until `text` has appeared in it (`times` times), or stderr has closed.
    package func waitForLog(containing text: String, times: Int = 1) {
        while log.components(separatedBy: text).count - 1 < times {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { return }
            log += String(decoding: chunk, as: UTF8.self)
        }
    }

    /// Reads the rest of stderr and waits for the exit; returns the whole log.
    @discardableResult
    package func finish() -> String {
        log += String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return log
    }
}
