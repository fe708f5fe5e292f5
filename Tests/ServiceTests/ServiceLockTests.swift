import Control
import Foundation
import ProgramTestSupport
import Testing

@Suite("one service per socket: the lock beside it, taken before the socket is touched")
struct ServiceLockTests {
    @Test("two services started together on one socket: exactly one serves, the other names it and touches nothing")
    func twoServicesStartedTogetherOneServes() throws {
        for round in 1...20 {
            // Given a fresh runtime folder, and two services started on it at once
            let scratch = try Scratch()
            let socket = scratch.path("run/control.sock")
            let environment = ["XDG_DATA_HOME": scratch.path("data")]
            let arguments = ["serve", "--socket", socket, "--backend", "alsa", "--device", "null"]
            let first = try RunningMeditate(arguments, environment: environment)
            let second = try RunningMeditate(arguments, environment: environment)

            // When the loser has given up (the winner serves until it is stopped)
            let deadline = Date().addingTimeInterval(20)
            while first.process.isRunning && second.process.isRunning && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.02)
            }
            let (winner, loser) = first.process.isRunning ? (first, second) : (second, first)
            let loserLog = loser.finish()

            // Then exactly one of the two is still serving, and it answers on the socket
            #expect(winner.process.isRunning, "round \(round): neither serves: \(loserLog)")
            #expect(!loser.process.isRunning, "round \(round): both serve")
            #expect(loser.process.terminationStatus == 69, "round \(round): \(loserLog)")
            // And the loser said who serves, in one line
            let pid = winner.process.processIdentifier
            #expect(
                loserLog.contains("a service is already running on \(socket) (pid \(pid))"),
                "round \(round): \(loserLog)")
            #expect(Self.answersHello(socket), "round \(round): the winner's socket is gone after the loser left")
            // And stopping the winner removes its socket, and frees the socket for the next
            winner.process.terminate()
            winner.finish()
            #expect(!FileManager.default.fileExists(atPath: socket), "round \(round): socket left behind")
            guard round == 20 else { continue }
            let next = try RunningService(["--backend", "alsa", "--device", "null"], scratch: scratch)
            #expect(try next.client().call("hello")["service"] == "meditate")
            next.stop()
        }
    }

    /// Whether a service on `socket` answers `hello` (it may still be starting: up to 20 s).
    static func answersHello(_ socket: String) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let client = try? ControlClient(path: socket), (try? client.call("hello"))?["service"] == "meditate" {
                return true
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }
}
