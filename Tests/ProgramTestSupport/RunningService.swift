import Control
import Foundation
import Testing

/// A real `meditate serve` on a socket in a scratch folder, with its own history, for a test
/// to act on through real connections.
package final class RunningService {
    package let socket: String
    package let data: String
    private let scratch: Scratch
    private var running: RunningMeditate

    /// Starts the service with `arguments` after `serve --socket …` and waits until it answers.
    package init(
        _ arguments: [String], scratch: Scratch, environment: [String: String] = [:], socket: String? = nil,
        launcher: [String] = []
    ) throws {
        self.scratch = scratch
        self.socket = socket ?? scratch.path("run/control.sock")
        data = scratch.path("data")
        running = try Self.start(
            arguments, socket: self.socket, data: data, environment: environment, launcher: launcher)
        self.arguments = arguments
        self.environment = environment
        self.launcher = launcher
        try waitUntilAnswering()
    }

    private let arguments: [String]
    private let environment: [String: String]
    private let launcher: [String]

    package var process: Process { running.process }

    private static func start(
        _ arguments: [String], socket: String, data: String, environment: [String: String], launcher: [String]
    ) throws -> RunningMeditate {
        try RunningMeditate(
            ["serve", "--socket", socket] + arguments,
            environment: ["XDG_DATA_HOME": data].merging(environment) { $1 }, launcher: launcher)
    }

    /// Waits up to 20 s for the socket to answer.
    package func waitUntilAnswering() throws {
        let deadline = Date().addingTimeInterval(20)
        while !ControlClient.answers(at: socket) {
            guard Date() < deadline, running.process.isRunning else {
                throw ServiceDidNotStart(log: running.finish())
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    package func client() throws -> ControlClient { try ControlClient(path: socket) }

    /// Waits until the service's log holds `text` (`times` times), and returns the log so far.
    package func waitForLog(
        containing text: String, times: Int = 1, sourceLocation: SourceLocation = #_sourceLocation
    ) -> String {
        running.waitForLog(containing: text, times: times, sourceLocation: sourceLocation)
        return running.log
    }

    /// A client subscribed to the service's events.
    package func subscriber() throws -> ControlClient {
        let client = try client()
        _ = try client.call("subscribe")
        return client
    }

    /// Starts the service again (after a kill), on the same socket and history.
    package func restart() throws {
        running = try Self.start(
            arguments, socket: socket, data: data, environment: environment, launcher: launcher)
        try waitUntilAnswering()
    }

    /// SIGTERM, then its log once it has exited. A race ThreadSanitizer found in it (the
    /// TSan phase of `make test` runs these tests on the instrumented build) fails the test.
    @discardableResult
    package func stop() -> String {
        if running.process.isRunning { running.process.terminate() }
        let log = running.finish()
        if log.contains("ThreadSanitizer") { Issue.record("meditate serve: \(log)") }
        return log
    }

    /// SIGKILL: no chance to record anything.
    package func kill9() {
        kill(running.process.processIdentifier, SIGKILL)
        running.finish()
    }

    /// The practice history as `meditate history --json` prints it for this service's data.
    package func history() throws -> JSONValue {
        let result = try CLIRunner.run(["history", "--json"], environment: ["XDG_DATA_HOME": data])
        return JSONValue.parse(result.stdout) ?? .null
    }
}

package struct ServiceDidNotStart: Error, CustomStringConvertible {
    package let log: String
    package init(log: String) { self.log = log }
    package var description: String { "meditate serve did not answer: \(log)" }
}
