import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

/// A sit stopped and another started at once, as a script's `ctl stop; ctl sit` does.
extension ServiceLiveTests {
    @Test(
        "a sit started the moment another was stopped starts, the stopped one fading beneath it and recorded ended early",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func sitStartedRightAfterAStop() throws {
        // Given a service playing a sit
        let scratch = try Scratch()
        let service = try service(scratch)
        defer { service.stop() }
        let events = try service.subscriber()
        let client = try service.client()
        _ = try client.call("sit.start", ["minutes": 5, "countdown": 0, "noise": "pink"])
        while let event = try events.nextEvent(timeoutMilliseconds: 10_000), event["phase"] != "sitting" {}
        Thread.sleep(forTimeInterval: 1)

        // When it is stopped and another is started straight after (within its 120-ms fade)
        _ = try client.call("stop")
        let second = try client.call("sit.start", ["minutes": 5, "countdown": 0])

        // Then the second started (it was refused with "a sit is playing; stop it first")
        #expect(second["session"]?["id"] == 2, "\(second.line)")
        while let event = try events.nextEvent(timeoutMilliseconds: 10_000), event["phase"] != "sitting" {}
        let status = try client.call("status")
        #expect(status["session"]?["id"] == 2 && status["state"] == "sitting", "\(status.line)")
        // And the first is recorded ended early, the second running
        let history = try service.history()
        #expect(history.arrayCount == 2, "\(history.line)")
        // (told apart by their rows' order, not by the time sat: on a loaded machine the second
        // may have sat a second by now too)
        let rows = [history[0], history[1]].compactMap { $0 }.sorted {
            ($0["id"]?.intValue ?? 0) < ($1["id"]?.intValue ?? 0)
        }
        let stopped = rows.first
        #expect((stopped?["satSeconds"]?.intValue ?? 0) >= 1, "\(history.line)")
        #expect(stopped?["completed"] == false, "\(history.line)")
        #expect(rows.last?["completed"] == false, "\(history.line)")
        _ = try client.call("stop")
    }
}
