import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

/// SIGTERM ends `meditate serve` within a second, as the README promises, whatever it is doing.
extension ServiceLiveTests {
    /// What the service is doing when it is told to stop.
    enum Activity: String, CaseIterable, CustomTestStringConvertible {
        case idle, sit, bell, track
        /// A sit, with a hook still running and the MQTT broker away.
        case sitWithAHookAndNoBroker
        var testDescription: String { rawValue }
    }

    @Test(
        "SIGTERM ends the service within a second: idle, mid-sit, mid-bell, mid-track, and mid-sit with a hook running and no broker",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"),
        arguments: Activity.allCases)
    func sigtermEndsTheServiceWithinASecond(_ activity: Activity) throws {
        // Given a service doing it (on PulseAudio, which plays in real time)
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        var environment: [String: String] = [:]
        if activity == .sitWithAHookAndNoBroker {
            let config = scratch.path("config/meditate")
            try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
            // Port 1 on loopback: nothing listens there, so the broker stays away.
            try "[mqtt]\nhost = '127.0.0.1'\nport = 1\n[hooks]\nsession-started = 'sleep 59.\(getpid())'\n".write(
                toFile: config + "/config.toml", atomically: true, encoding: .utf8)
            environment["XDG_CONFIG_HOME"] = scratch.path("config")
        }
        let service = try RunningService(
            ["--backend", "pulse", "--latency-ms", "300"], scratch: scratch, environment: environment)
        let events = try service.subscriber()
        switch activity {
        case .idle: break
        case .sit, .sitWithAHookAndNoBroker:
            _ = try service.client().call("sit.start", ["minutes": 10, "countdown": 0])
        case .bell: _ = try service.client().call("bell.ring", ["strikes": 10])
        case .track:
            let track = try tone(seconds: 30, in: scratch)
            _ = try service.client().call("play.start", ["track": .string(track), "normalize": false])
        }
        // (playing: its first sound has been heard)
        if activity != .idle {
            var heard = false
            while !heard, let event = try events.nextEvent(timeoutMilliseconds: 10_000) {
                heard = event["event"] == "bell" || event["event"] == "position"
            }
            #expect(heard, "\(activity): nothing was heard")
            Thread.sleep(forTimeInterval: 1)
        }

        // When it is sent SIGTERM
        let sent = Date()
        service.process.terminate()
        service.process.waitUntilExit()
        let took = Date().timeIntervalSince(sent)
        let log = service.stop()

        // Then it has exited within a second, having said it was stopping
        #expect(took < 1, "\(activity): \(took) s")
        #expect(log.contains("stopping"), "\(log)")
        #expect(service.process.terminationStatus == 0, "\(log)")
    }
}
