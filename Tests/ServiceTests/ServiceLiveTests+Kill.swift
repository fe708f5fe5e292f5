import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

/// A service killed outright (kill -9, a power cut) keeps an honest record of what was sat.
extension ServiceLiveTests {
    @Test(
        "killed at 20 random moments, the service leaves one row per sit, each within 5 s of the time sat, in an intact database",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func killsAtRandomMomentsLoseLessThanFiveSeconds() throws {
        // Given a service on PulseAudio (real time) and a generator of moments
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let service = try service(scratch)
        defer { service.stop() }
        var random = SystemRandomNumberGenerator()
        var truths: [Double] = []

        for round in 1...20 {
            // When a sit is killed a random moment (0.5 to 6.5 s: more than one write apart)
            // after its start gong was heard, and the service is started again
            let events = try service.subscriber()
            _ = try service.client().call("sit.start", ["minutes": 1, "countdown": 0])
            var startGong: Date?
            while startGong == nil, let event = try events.nextEvent(timeoutMilliseconds: 20_000) {
                // From the instant the device played it (the event's `at`), not when the event
                // came: on a loaded machine it may come a second or two later.
                if event["bell"] == "start" {
                    startGong = event["at"]?.numberValue.map { Date(timeIntervalSince1970: $0) } ?? Date()
                }
            }
            try #require(startGong != nil, "round \(round): no start gong")
            Thread.sleep(forTimeInterval: Double.random(in: 0.5...6.5, using: &random))
            service.kill9()
            truths.append(Date().timeIntervalSince(startGong ?? Date()))
            try service.restart()
        }

        // Then the history holds the 20 sits, each ended early, each within 5 s of the truth
        let history = try service.history()
        try #require(history.arrayCount == 20, "\(history.line)")
        // (oldest first)
        for (index, truth) in truths.enumerated() {
            let recorded = Double(history[index]?["satSeconds"]?.intValue ?? -100)
            #expect(history[index]?["completed"] == false)
            #expect(
                recorded <= truth + 1 && recorded >= truth - 5, "sit \(index + 1): recorded \(recorded) s of \(truth) s"
            )
        }
        // And SQLite finds the database intact
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        check.arguments = [service.data + "/meditate/library.sqlite", "PRAGMA integrity_check;"]
        let out = Pipe()
        check.standardOutput = out
        try check.run()
        let answer = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        #expect(answer == "ok\n", "\(answer)")
    }
}
