import Control
import Foundation
import ProgramTestSupport
import Testing

/// Every face says what is happening: a sleep as a sleep, a sit without gongs without gongs, and
/// a file that is not there as "no such file", whoever plays the sit.
@Suite("A sleep speaks as a sleep, a silent gong is no gong, a missing file is missing")
struct SleepFacesTests {
    /// A person's folders, and the socket of the service of this machine.
    private struct Person {
        let scratch: Scratch
        var environment: [String: String] {
            [
                "XDG_DATA_HOME": scratch.path("data"), "XDG_CONFIG_HOME": scratch.path("config"),
                "XDG_RUNTIME_DIR": scratch.path("run")
            ]
        }
        var socket: String { scratch.path("run/meditate/control.sock") }

        func run(_ arguments: [String]) throws -> CLIRunner.Result {
            try CLIRunner.run(arguments, environment: environment)
        }

        func service() throws -> RunningService {
            try RunningService(["--backend", "pulse"], scratch: scratch, environment: environment, socket: socket)
        }
    }

    @Test("a bed or a gong named that is not there is 'no such file', exit 66, with a service running or without")
    func missingFileIsOneAnswer() throws {
        // Given a person without a service, then with one
        let person = Person(scratch: try Scratch())
        let missing = person.scratch.path("nope.ogg")
        let alone = try person.run(["--minutes", "20", "--ambience", missing, "--backend", "alsa", "--device", "null"])
        let service = try person.service()
        defer { _ = service.stop() }

        // When the same missing bed and gong are asked for through it, as a sit and by ctl
        let handed = try person.run(["--minutes", "20", "--ambience", missing])
        let ctl = try person.run(["ctl", "sit", "--minutes", "20", "--ambience", missing])
        let gong = try person.run(["--minutes", "20", "--gong", missing])

        // Then each is the one line a sit played here says, and 66
        let line = "meditate: error: --ambience: '\(missing)': no such file\n"
        #expect(alone.status == 66 && alone.stderr == line, "\(alone.status) \(alone.stderr)")
        #expect(handed.status == 66 && handed.stderr == line, "\(handed.status) \(handed.stderr)")
        #expect(ctl.status == 66 && ctl.stderr == line, "\(ctl.status) \(ctl.stderr)")
        #expect(
            gong.status == 66 && gong.stderr == "meditate: error: --gong: '\(missing)': no such file\n",
            "\(gong.status) \(gong.stderr)")
        #expect(try service.client().call("status")["state"] == "idle")
    }

    @Test("sleep --help lists a sleep's options with its own defaults, and a bell asked of a sleep is refused")
    func sleepTakesASleepsOptions() throws {
        // Given a person with a service
        let person = Person(scratch: try Scratch())

        // When the help of a sleep is asked for
        let help = try person.run(["sleep", "--help"])

        // Then it has the bed's options with a sleep's defaults, and none of the gongs' or bells'
        #expect(help.status == 0)
        #expect(help.stdout.contains("default brown") && help.stdout.contains("default 300"), "\(help.stdout)")
        for option in [
            "--interval", "--bells", "--random-bells", "--gong", "--strikes", "--walk-sounds", "--start-gong"
        ] {
            #expect(!help.stdout.contains(option), "sleep --help offers \(option)")
        }

        // When a sleep is asked for with bells, on the command line and over the protocol
        let flag = try person.run(["sleep", "1", "--interval", "0.1", "--backend", "alsa", "--device", "null"])
        let service = try person.service()
        defer { _ = service.stop() }
        let error = #expect(throws: (any Error).self) {
            try service.client().call("sit.start", ["sleep": true, "minutes": 1, "interval": 5])
        }

        // Then both are refused in one line, and nothing plays
        #expect(flag.status == 64 && flag.stderr.contains("--interval"), "\(flag.stderr)")
        #expect(
            "\(error.map { "\($0)" } ?? "")".contains("a sleep is its bed alone: --interval"),
            "\(String(describing: error))")
        #expect(try service.client().call("status")["state"] == "idle")
    }

    @Test(
        "a sleep in the service is 'falling asleep' in ctl status, the log and the follower, and a sit of gong none names no gong"
    )
    func sleepAndSilenceSpeakAsThemselves() throws {
        // Given a person's service, its events followed
        let person = Person(scratch: try Scratch())
        let service = try person.service()
        defer { _ = service.stop() }
        let events = try service.subscriber()

        // When a sleep plays (its first frame heard: the log tells the phase then), and its
        // status is asked for
        _ = try service.client().call("sit.start", ["sleep": true, "minutes": 1])
        let log = service.waitForLog(containing: ": falling asleep")
        let status = try person.run(["ctl", "status"])
        _ = try service.client().call("stop")
        try events.waitForEvent("session-ended", timeoutMilliseconds: 10_000)

        // Then it is falling asleep, with no gong to come
        #expect(status.stdout.hasPrefix("falling asleep · "), "\(status.stdout)")
        #expect(!status.stdout.contains("gong"), "\(status.stdout)")
        #expect(log.contains("1 min, brown noise: falling asleep"), "\(log)")

        // When a sit of 3 s with gong none is followed in the terminal (no terminal: its log lines)
        let followed = try person.run(["--minutes", "0.05", "--gong", "none", "--countdown", "1"])
        var received: [JSONValue] = []
        try events.readEvents(until: "session-ended", into: &received, timeoutMilliseconds: 10_000)
        let told = received.compactMap { $0["event"]?.stringValue }

        // Then no gong is told: no bell event, no gong in its lines
        #expect(followed.status == 0, "\(followed.stderr)")
        #expect(!followed.stderr.contains("gong"), "\(followed.stderr)")
        #expect(followed.stderr.contains("sitting") && followed.stderr.contains("complete"), "\(followed.stderr)")
        // (each line's time once: the log's own, not again before its words)
        let repeatedTime = try Regex(#"\] \d\d:\d\d:\d\d "#)
        #expect(followed.stderr.firstMatch(of: repeatedTime) == nil, "\(followed.stderr)")
        #expect(told.contains("session-ended") && !told.contains("bell"), "\(told)")

        // And played here, with no service, its lines name no gong either
        _ = service.stop()
        let here = try person.run([
            "--minutes", "0.05", "--gong", "none", "--countdown", "1", "--backend", "alsa", "--device", "null"
        ])
        #expect(here.status == 0, "\(here.stderr)")
        #expect(here.stderr.contains("until the sit begins") && !here.stderr.contains("gong"), "\(here.stderr)")
    }
}
