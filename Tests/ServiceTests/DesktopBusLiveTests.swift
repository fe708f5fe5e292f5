import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

/// Sits on the private PulseAudio server with a private D-Bus beside them: python3-dbusmock's
/// logind on a system bus (the sleep inhibitor) and its notification daemon on a session bus
/// (the word at the end), reached through the bus address variables alone.
@Suite(
    "Desktop: logind's inhibitor and the notification, on private buses", .serialized,
    .enabled(if: PulseCapture.available && PrivateDBus.available, "needs the private servers of `make test`"))
struct DesktopBusLiveTests {
    /// A short sit whose end gong is the bell (it rings out in seconds, the bowl in twenty).
    static let shortSit = ["--minutes", "0.1", "--countdown", "0", "--gong", "bell", "--backend", "pulse"]

    @Test("a sit holds logind's sleep:idle block inhibitor while it plays and lets it go at its end")
    func sitHoldsTheInhibitorWhilePlaying() throws {
        // Given logind on a private system bus
        let scratch = try Scratch()
        let bus = try PrivateDBus(in: scratch, mock: .logind)
        #expect(try !bus.inhibitors().contains("meditate"))

        // When a six-second sit plays
        let sit = try RunningMeditate(Self.shortSit, environment: ["DBUS_SYSTEM_BUS_ADDRESS": bus.address])
        let held = try Self.waitUntil(seconds: 10) { try bus.inhibitors().contains("\"meditate\"") }

        // Then while it plays logind lists one inhibitor of meditate's: sleep and idle, blocking,
        // named after the sit
        let listed = try bus.inhibitors()
        #expect(held, "\(listed)")
        #expect(listed.contains("string \"sleep:idle\""), "\(listed)")
        #expect(listed.contains("string \"block\""), "\(listed)")
        #expect(listed.contains("Sit · 6 s"), "\(listed)")
        // And once it has ended, none is left
        let log = sit.finish()
        #expect(sit.process.terminationStatus == 0, "\(log)")
        #expect(try !bus.inhibitors().contains("meditate"), "\(log)")
    }

    @Test("a sit ended by SIGTERM lets logind's inhibitor go")
    func sigtermReleasesTheInhibitor() throws {
        // Given logind on a private system bus and a one-minute sit holding its inhibitor
        let scratch = try Scratch()
        let bus = try PrivateDBus(in: scratch, mock: .logind)
        let sit = try RunningMeditate(
            ["--minutes", "1", "--countdown", "0", "--backend", "pulse"],
            environment: ["DBUS_SYSTEM_BUS_ADDRESS": bus.address])
        #expect(try Self.waitUntil(seconds: 10) { try bus.inhibitors().contains("\"meditate\"") })

        // When it is sent SIGTERM
        sit.process.terminate()
        let log = sit.finish()

        // Then it ends as a stopped sit does, and logind lists no inhibitor of it
        #expect(sit.process.terminationReason == .exit, "\(log)")
        #expect(try !bus.inhibitors().contains("meditate"), "\(log)")
    }

    @Test("the service holds the inhibitor for each session only, and lets it go when it is stopped")
    func serviceHoldsTheInhibitorPerSession() throws {
        // Given the service with logind on a private system bus
        let scratch = try Scratch()
        let bus = try PrivateDBus(in: scratch, mock: .logind)
        let service = try RunningService(
            ["--backend", "pulse"], scratch: scratch, environment: ["DBUS_SYSTEM_BUS_ADDRESS": bus.address])
        defer { service.stop() }
        #expect(try !bus.inhibitors().contains("meditate"))

        // When a six-second sit is started over the socket
        _ = try service.client().call("sit.start", ["minutes": "0.1", "countdown": 0, "gong": "bell"])

        // Then the service holds the inhibitor while it plays, and lets it go when it has ended,
        // while it keeps running
        #expect(try Self.waitUntil(seconds: 10) { try bus.inhibitors().contains("\"meditate\"") })
        #expect(try Self.waitUntil(seconds: 40) { try !bus.inhibitors().contains("meditate") })
        #expect(service.process.isRunning)

        // And when the service is stopped during another sit, that one's inhibitor goes too
        _ = try service.client().call("sit.start", ["minutes": 1, "countdown": 0])
        #expect(try Self.waitUntil(seconds: 10) { try bus.inhibitors().contains("\"meditate\"") })
        let log = service.stop()
        #expect(try !bus.inhibitors().contains("meditate"), "\(log)")
    }

    @Test("a sit that completes says so once in a notification, in German under LANG=de_DE.UTF-8")
    func completedSitNotifiesOnceInGerman() throws {
        // Given a notification daemon on a private session bus, and a German locale
        let scratch = try Scratch()
        let bus = try PrivateDBus(in: scratch, mock: .notificationDaemon)

        // When a six-second sit completes
        let result = try CLIRunner.run(
            Self.shortSit,
            environment: [
                "DBUS_SESSION_BUS_ADDRESS": bus.address, "LANG": "de_DE.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""
            ])
        #expect(result.status == 0, "\(result.stderr)")

        // Then the daemon was asked for one notification, in German, with the time sat, from
        // meditate's desktop entry
        let notes = bus.calls.split(separator: "\n").filter { $0.contains(" Notify ") }
        #expect(notes.count == 1, "\(bus.calls)")
        let note = notes.first.map(String.init) ?? ""
        #expect(note.contains("Dein Sitzen ist zu Ende"), "\(note)")
        #expect(note.contains("6 s gesessen"), "\(note)")
        #expect(note.contains("io.github.meditate.Meditate"), "\(note)")
    }

    @Test(
        "a sleep that ran to its end asks logind for one Suspend(false) and holds no inhibitor; --after stop and a stopped sleep ask for none"
    )
    func sleepSuspendsOnlyAfterItsEnd() throws {
        // Given logind on a private system bus
        let scratch = try Scratch()
        let bus = try PrivateDBus(in: scratch, mock: .logind)
        let environment = ["DBUS_SYSTEM_BUS_ADDRESS": bus.address]
        let suspends = { bus.calls.split(separator: "\n").filter { $0.contains(" Suspend ") } }

        // When a six-second sleep fading over three seconds, then suspending, plays to its end
        let slept = try CLIRunner.run(
            ["sleep", "0.1", "--fade-out", "3", "--after", "suspend", "--backend", "pulse"], environment: environment)

        // Then it completed, logind was asked once to suspend, not interactively, and the
        // sleep's own inhibitor is gone (it would block its own suspend on a real logind)
        #expect(slept.status == 0, "\(slept.stderr)")
        #expect(suspends().count == 1, "\(bus.calls)")
        #expect(suspends().first?.hasSuffix("Suspend False") == true, "\(bus.calls)")
        #expect(try !bus.inhibitors().contains("meditate"))
        #expect(slept.stderr.contains("suspending"), "\(slept.stderr)")

        // And a sleep that says --after stop asks for nothing
        let stopped = try CLIRunner.run(
            ["sleep", "0.1", "--fade-out", "3", "--after", "stop", "--backend", "pulse"], environment: environment)
        #expect(stopped.status == 0, "\(stopped.stderr)")
        #expect(suspends().count == 1, "\(bus.calls)")

        // And a sleep ended by SIGTERM before its end asks for nothing either
        let early = try RunningMeditate(
            ["sleep", "1", "--after", "suspend", "--backend", "pulse"], environment: environment)
        #expect(try Self.waitUntil(seconds: 10) { try bus.inhibitors().contains("\"meditate\"") })
        early.process.terminate()
        let log = early.finish()
        #expect(early.process.terminationReason == .exit, "\(log)")
        #expect(suspends().count == 1, "\(bus.calls)")
    }

    @Test("the service's sleep is kept as a sleep and suspends the machine after its fade")
    func serviceSleepSuspends() throws {
        // Given the service with logind on a private system bus
        let scratch = try Scratch()
        let bus = try PrivateDBus(in: scratch, mock: .logind)
        let service = try RunningService(
            ["--backend", "pulse"], scratch: scratch, environment: ["DBUS_SYSTEM_BUS_ADDRESS": bus.address])
        defer { service.stop() }
        let events = try service.subscriber()

        // When a client asks for a six-second sleep that suspends
        _ = try service.client().call(
            "sit.start", ["sleep": true, "minutes": "0.1", "fade-out": 3, "after": "suspend"])
        var ended: JSONValue?
        while ended == nil, let event = try events.nextEvent(timeoutMilliseconds: 30_000) {
            if event["event"] == "session-ended" { ended = event }
        }

        // Then it ran to its end, logind was asked once to suspend, and the history keeps a sleep
        #expect(ended?["completed"] == true, "\(ended?.line ?? "no end")")
        #expect(
            try Self.waitUntil(seconds: 5) { bus.calls.contains(" Suspend False") },
            "\(bus.calls)")
        #expect(bus.calls.split(separator: "\n").filter { $0.contains(" Suspend ") }.count == 1, "\(bus.calls)")
        let history = try service.client().call("history.list", ["newest": 1])
        #expect(history.line.contains("\"kind\":\"sleep\""), "\(history.line)")
    }

    /// Asks `condition` every tenth of a second until it holds or `seconds` have passed.
    static func waitUntil(seconds: Double, _ condition: () throws -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return try condition()
    }
}
