import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

/// `meditate play` with a service answering on the user's socket.
extension ServiceLiveTests {
    @Test(
        "meditate play with a service running hands the track to it, follows it to its end, and the service records it",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func playHandedToTheService() throws {
        // Given a service on the user's socket (a runtime folder of the test's own)
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let runtime = scratch.path("runtime")
        let service = try RunningService(
            ["--backend", "pulse", "--latency-ms", "300"], scratch: scratch,
            socket: runtime + "/meditate/control.sock")
        defer { service.stop() }
        let events = try service.subscriber()
        let track = try tone(seconds: 3, in: scratch)

        // When `meditate play` runs without a terminal
        let played = try CLIRunner.run(
            ["play", track, "--no-normalize"],
            environment: ["XDG_RUNTIME_DIR": runtime, "XDG_DATA_HOME": scratch.path("client-data")])

        // Then it said the service played it, and came back when the track had ended
        #expect(played.status == 0, "\(played.stderr)")
        #expect(played.stderr.contains("playing in the service"), "\(played.stderr)")
        #expect(played.stderr.contains("complete"), "\(played.stderr)")
        var started: JSONValue?
        while started == nil, let event = try events.nextEvent(timeoutMilliseconds: 5_000) {
            if event["event"] == "session-started" { started = event }
        }
        #expect(started?["session"]?["kind"] == "guided", "\(started?.line ?? "none")")
        // And the service's history holds it, complete; the client's holds nothing
        let history = try service.history()
        #expect(history.arrayCount == 1 && history[0]?["satSeconds"] == 3, "\(history.line)")
        #expect(history[0]?["completed"] == true, "\(history.line)")
        let own = try CLIRunner.run(["history", "--json"], environment: ["XDG_DATA_HOME": scratch.path("client-data")])
        #expect(JSONValue.parse(own.stdout)?.arrayCount ?? 0 == 0, "\(own.stdout)")
    }
}
