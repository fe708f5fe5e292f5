import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing
import WAVTestSupport

/// The desktop's player controls (MPRIS) driven by their real client, playerctl, on a private
/// session bus, while the sit plays to the private PulseAudio server and its monitor is
/// recorded: a sit from the terminal, and one the service plays.
@Suite(
    "Desktop: playerctl sees, pauses, plays and stops a sit (MPRIS), on a private session bus", .serialized,
    .enabled(if: PulseCapture.available && PrivateDBus.playerctlAvailable, "needs the private servers of `make test`"))
struct MediaPlayerLiveTests {
    /// Thirty seconds with bells every 6 s on a white bed; the bell's short strike.
    static let minutes = "0.5"
    static let interval = "0.1"
    static let title = "Sit · 30 s, bells every 6 s, white noise"

    @Test(
        "a sit from the terminal is shown, paused (its bed fades out within a second, later bells move by the pause), played on and stopped into the history"
    )
    func terminalSitAnswersPlayerctl() throws {
        // Given a private session bus, and the sink's monitor recorded
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let bus = try PrivateDBus(in: scratch, mock: nil)
        let data = scratch.path("data")
        let capture = try PulseCapture(into: scratch.path("monitor.raw"))
        let recordingSince = Date()

        // When a sit plays from the terminal, and playerctl pauses, plays and stops it
        let sit = try RunningMeditate(
            [
                "--minutes", Self.minutes, "--interval", Self.interval, "--noise", "white", "--countdown", "0",
                "--gong", "bell", "--backend", "pulse"
            ],
            environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "XDG_DATA_HOME": data])
        let asked = try drive(bus)
        let log = sit.finish()
        let samples = try capture.stop()

        // Then it ended as a sit stopped early does, the capture shows the pause, and the
        // history holds it, ended early
        #expect(sit.process.terminationStatus == 0, "\(log)")
        try expectPausedAndResumed(samples, asked: asked, recordingSince: recordingSince)
        let history = try CLIRunner.run(["history", "--csv"], environment: ["XDG_DATA_HOME": data])
        let rows = history.stdout.split(separator: "\n").dropFirst()
        #expect(rows.count == 1 && rows.first?.hasSuffix(",false,timer") == true, "\(history.stdout)")
    }

    @Test("the service's sit is shown, paused, played on and stopped through org.mpris.MediaPlayer2.meditate")
    func serviceSitAnswersPlayerctl() throws {
        // Given the service with a private session bus, its player idle, and the monitor recorded
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let bus = try PrivateDBus(in: scratch, mock: nil)
        let service = try RunningService(
            ["--backend", "pulse"], scratch: scratch, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        defer { service.stop() }
        #expect(try Self.waitUntil(seconds: 10) { bus.playerctl(["-p", "meditate", "status"]) == "Stopped" })
        #expect(bus.playerctl(["-l"]) == "meditate")
        let capture = try PulseCapture(into: scratch.path("monitor.raw"))
        let recordingSince = Date()

        // When a sit is started over the socket, and playerctl pauses, plays and stops it
        _ = try service.client().call(
            "sit.start",
            [
                "minutes": .string(Self.minutes), "interval": .string(Self.interval), "noise": "white",
                "countdown": 0, "gong": "bell"
            ])
        let asked = try drive(bus)
        #expect(try Self.waitUntil(seconds: 10) { bus.playerctl(["-p", "meditate", "status"]) == "Stopped" })
        let samples = try capture.stop()

        // Then the capture shows the pause, and the history holds the sit, ended early
        try expectPausedAndResumed(samples, asked: asked, recordingSince: recordingSince)
        let sessions = try service.client().call("history.list", ["newest": 1])["sessions"]
        guard case let .array(newest)? = sessions else {
            Issue.record("no sessions in the history: \(String(describing: sessions))")
            return
        }
        #expect(newest.count == 1 && newest.first?["completed"] == false, "\(newest)")
        #expect(service.process.isRunning)
    }

    @Test("a guided track shows its title, its teacher as artist and its length, and playerctl moves it by position")
    func guidedTrackSeeksThroughPlayerctl() throws {
        // Given a 20-second track in the library, its title and teacher edited, and a private
        // session bus
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let bus = try PrivateDBus(in: scratch, mock: nil)
        let environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address, "XDG_DATA_HOME": scratch.path("data")]
        let track = scratch.path("track.wav")
        let samples = (0..<(20 * 48_000)).flatMap { frame -> [Float] in
            let value = Float(0.3 * sin(2 * Double.pi * 440 * Double(frame) / 48_000))
            return [value, value]
        }
        try writeFloatWAV(path: track, samples: samples, sampleRate: 48_000, channels: 2)
        #expect(try CLIRunner.run(["library", "import", track], environment: environment).status == 0)
        let edited = try CLIRunner.run(
            ["library", "edit", "1", "--title", "Morning", "--teacher", "Ajahn Chah"], environment: environment)
        #expect(edited.status == 0, "\(edited.stderr)")

        // When it plays, and playerctl sets its position to 12 s, then moves it 5 s back
        let play = try RunningMeditate(["play", "1", "--backend", "pulse"], environment: environment)
        let player = ["-p", "meditate"]
        #expect(try Self.waitUntil(seconds: 10) { bus.playerctl(player + ["status"]) == "Playing" })
        let metadata = bus.playerctl(
            player + ["metadata", "--format", "{{xesam:title}}|{{xesam:artist}}|{{mpris:length}}"])
        #expect(bus.playerctl(player + ["position", "12"]) != nil)
        Thread.sleep(forTimeInterval: 1.5)
        let moved = bus.playerctl(player + ["position"]).flatMap(Double.init)
        #expect(bus.playerctl(player + ["position", "5-"]) != nil)
        Thread.sleep(forTimeInterval: 1.5)
        let back = bus.playerctl(player + ["position"]).flatMap(Double.init)
        #expect(bus.playerctl(player + ["stop"]) != nil)
        let log = play.finish()

        // Then the desktop saw its title, teacher and length, and its position where it was sent
        #expect(metadata == "Morning|Ajahn Chah|20000000", "\(log)")
        let movedTo = try #require(moved, "\(log)")
        let backTo = try #require(back, "\(log)")
        #expect((12.5...14.5).contains(movedTo), "position \(movedTo) s 1.5 s after it was set to 12")
        #expect((9...11).contains(backTo), "position \(backTo) s 1.5 s after 5 s back from \(movedTo)")
        #expect(play.process.terminationStatus == 0, "\(log)")
    }

    /// When playerctl was asked to pause and to play.
    struct Asked {
        let pause: Date
        let play: Date
    }

    /// Waits for the sit on the bus, checks what playerctl shows, pauses it 3.5 s in for 3 s,
    /// plays it on, and stops it 10 s later (after the bells at 6 and 12 s).
    private func drive(_ bus: PrivateDBus) throws -> Asked {
        let player = ["-p", "meditate"]
        #expect(try Self.waitUntil(seconds: 10) { bus.playerctl(player + ["status"]) == "Playing" })
        let playing = Date()
        let metadata = bus.playerctl(player + ["metadata", "--format", "{{xesam:title}}|{{mpris:length}}"])
        #expect(metadata == "\(Self.title)|30000000")

        Thread.sleep(until: playing.addingTimeInterval(3.5))
        let pause = Date()
        #expect(bus.playerctl(player + ["pause"]) != nil)
        #expect(try Self.waitUntil(seconds: 2) { bus.playerctl(player + ["status"]) == "Paused" })

        Thread.sleep(until: pause.addingTimeInterval(3))
        let play = Date()
        #expect(bus.playerctl(player + ["play"]) != nil)
        #expect(try Self.waitUntil(seconds: 2) { bus.playerctl(player + ["status"]) == "Playing" })

        Thread.sleep(until: play.addingTimeInterval(10))
        #expect(bus.playerctl(player + ["stop"]) != nil)
        return Asked(pause: pause, play: play)
    }

    /// The bed fell below 1% of its level within a second of the pause being asked, came back
    /// after the play, and the bells at 6 and 12 s after the start gong rang that much later
    /// by the pause, within 25 ms.
    private func expectPausedAndResumed(_ samples: [Float], asked: Asked, recordingSince: Date) throws {
        let rate = 48_000.0
        let onsets = strikeOnsets(samples)
        let start = try #require(onsets.first, "no start gong on the capture")
        let (pausedAt, resumedAt) = try #require(heldStretch(samples, after: start), "no pause in the bed")
        let envelope = noiseEnvelope(samples)
        let level = envelope[Int(pausedAt * 100) - 50..<Int(pausedAt * 100) - 10].reduce(0, +) / 40
        let askedAt = asked.pause.timeIntervalSince(recordingSince)
        let quiet = try #require(
            envelope.indices.first { Double($0) / 100 > askedAt && envelope[$0] < 0.01 * level }, "never quiet")
        #expect(Double(quiet) / 100 - askedAt <= 1.0, "below 1% \(Double(quiet) / 100 - askedAt) s after the pause")
        let after = Int(resumedAt * 100) + 50
        #expect(envelope[after..<after + 20].allSatisfy { $0 > 0.5 * level }, "the bed did not come back")
        #expect(resumedAt > asked.play.timeIntervalSince(recordingSince), "resumed before the play")

        let hold = resumedAt - pausedAt
        let later = onsets.dropFirst().map { Double($0 - start) / rate }
        #expect(later.count == 2, "bells at \(later) s after the start gong")
        for (apart, planned) in zip(later, [6.0, 12.0]) {
            #expect(abs(apart - (planned + hold)) <= 0.025, "bell \(apart) s after the start; \(planned) + \(hold)")
        }
    }

    /// Asks `condition` every tenth of a second until it holds or `seconds` have passed.
    static func waitUntil(seconds: Double, _ condition: () throws -> Bool) throws -> Bool {
        try DesktopBusLiveTests.waitUntil(seconds: seconds, condition)
    }
}
