import Foundation
import Testing

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

    /// Reads stderr until `text` has appeared in it (`times` times). A program that ends, or
    /// says nothing of it within `seconds`, is an issue of the test, with what it did say: a
    /// service that died early does not pass for one that said it.
    package func waitForLog(
        containing text: String, times: Int = 1, seconds: Double = 60,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let deadline = Date().addingTimeInterval(seconds)
        let descriptor = errors.fileHandleForReading.fileDescriptor
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while log.components(separatedBy: text).count - 1 < times {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else {
                Issue.record(
                    "meditate did not say '\(text)' within \(seconds) s; it said: \(log.suffix(3000))",
                    sourceLocation: sourceLocation)
                return
            }
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, Int32(min(left, 1) * 1000)) > 0 else { continue }
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                Issue.record(
                    "meditate ended without saying '\(text)'; it said: \(log.suffix(3000))",
                    sourceLocation: sourceLocation)
                return
            }
            log += String(decoding: buffer[0..<count], as: UTF8.self)
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
