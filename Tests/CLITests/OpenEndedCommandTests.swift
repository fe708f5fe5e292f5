import Control
import Foundation
import ProgramTestSupport
import Testing

@testable import CLI

/// A sit with no set end, as the terminal tells it: the time counts up everywhere a person
/// reads it, never down to the day's limit that stands in for the end.
@Suite("meditate --minutes open, as told")
struct OpenEndedCommandTests {
    @Test("without a terminal, an open sit's bells are logged with the time sat so far, not a day's time left")
    func bellsSayTheTimeSoFar() throws {
        // Given an open sit with a bell every 3 s, through ALSA's null device (which takes
        // frames as fast as they come)
        let scratch = try Scratch()
        let sit = try RunningMeditate(
            [
                "--minutes", "open", "--countdown", "0", "--interval", "0.05", "--gong", "bell", "--backend", "alsa",
                "--device", "null"
            ], environment: ["XDG_DATA_HOME": scratch.path("data")])
        // When it has rung its second bell and is asked to end (the mixer running seconds ahead
        // of its last look: the completion gong's commands once arrived behind it, and the sit
        // never ended)
        sit.waitForLog(containing: "bell 2:")
        sit.process.terminate()
        let deadline = Date().addingTimeInterval(30)
        while sit.process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let hung = sit.process.isRunning
        if hung { kill(sit.process.processIdentifier, SIGKILL) }
        let log = sit.finish()
        // Then it ended with its completion gong, recorded complete
        #expect(!hung, "SIGTERM did not end the open sit within 30 s: \(log)")
        #expect(sit.process.terminationStatus == 0, "\(log)")
        #expect(log.contains("completion gong\n") && log.contains("complete: sat "), "\(log)")
        // And it began with no set end, and each bell said how long the sit had gone on
        #expect(log.contains("start gong: sitting, no set end"), "\(log)")
        #expect(log.contains("bell 1: 0:03 so far\n"), "\(log)")
        #expect(log.contains("bell 2: 0:06 so far\n"), "\(log)")
        let bellLines = log.split(separator: "\n").filter { $0.contains("] bell ") }
        #expect(!bellLines.isEmpty && bellLines.allSatisfy { $0.hasSuffix("so far") }, "\(bellLines)")
    }

    @Test("an open sit ended in its countdown says the time sat, not 'of 24 h', and the history likewise")
    func endedBeforeItsStartHasNoLength() throws {
        // Given an open sit with a long countdown, played in real time
        let scratch = try Scratch()
        let data = ["XDG_DATA_HOME": scratch.path("data")]
        let sit = try RunningMeditate(
            ["--minutes", "open", "--countdown", "30", "--backend", "pulse"], environment: data)
        // When it is ended during the countdown
        sit.waitForLog(containing: "countdown:")
        sit.process.terminate()
        let log = sit.finish()
        // Then it ended early having sat nothing, with no day-long length to fall short of
        #expect(log.contains("ended early: sat 0 s\n"), "\(log)")
        #expect(!log.contains("24 h"), "\(log)")
        let history = try CLIRunner.run(["history"], environment: data)
        let row = history.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(row.contains(" 0 s ") && row.contains("ended early") && !row.contains(" of "), "\(history.stdout)")
    }

    @Test("`ctl status` of the service's open sit counts up and names no completion gong at the day's limit")
    func serviceStatusCountsUp() throws {
        // Given the status the service gives of an open sit 7 s in: its time left and its
        // completion gong are to the day's limit
        func status(nextBell: String) throws -> JSONValue {
            try #require(
                JSONValue.parse(
                    #"""
                    {"state":"timer","session":{"phase":"sitting","open":true,"elapsedSeconds":7.2,"satSeconds":7,
                    "remainingSeconds":86392.8,"plannedSeconds":0,"description":"no set end, bells every 3 s",
                    "nextBell":
                    """# + nextBell + "}}"))
        }
        let open = try status(nextBell: #"{"bell":"completion","atSeconds":86400}"#)
        let withBell = try status(nextBell: #"{"bell":"interval","atSeconds":9}"#)
        // When they are put in words
        let line = CtlText.status(open)
        let beforeBell = CtlText.status(withBell)
        // Then the time sat is said, and no completion gong a day away
        #expect(line == "sitting · 0:07 so far · no set end, bells every 3 s", "\(line)")
        #expect(
            beforeBell == "sitting · 0:07 so far · next bell in 0:02 · no set end, bells every 3 s", "\(beforeBell)")
    }

    @Test("`ctl` says the service's description in the client's language, from its parts")
    func descriptionFromItsParts() throws {
        // Given a German service's status: its description in German, and the same as parts
        let german = try #require(
            JSONValue.parse(
                #"""
                {"state":"timer","session":{"phase":"sitting","open":true,"satSeconds":7,
                "description":"ohne festes Ende, Glocke alle 3 s",
                "descriptionParts":[{"key":"sitOpen"},{"key":"sitBellsEvery","every":"3 s","minutes":"0.05"}]}}
                """#))
        // When an English client puts it in words
        let line = CtlText.status(german)
        // Then the description is English, as the catalogue says its parts
        #expect(line == "sitting · 0:07 so far · no set end, bells every 3 s", "\(line)")
    }

    @Test("a preset and config.toml keep a sit open; a length or segments given beside them set it again")
    func openKeptInPresetAndConfig() throws {
        // Given a preset of an open sit with random bells, saved from the command line
        let scratch = try Scratch()
        let environment = ["XDG_CONFIG_HOME": scratch.path("config"), "XDG_DATA_HOME": scratch.path("data")]
        let saved = try CLIRunner.run(
            ["preset", "save", "open-morning", "--minutes", "open", "--random-bells", "3-10"], environment: environment)
        #expect(saved.status == 0, "\(saved.stderr)")
        let shown = try CLIRunner.run(["preset", "show", "open-morning"], environment: environment)
        #expect(shown.stdout.contains("minutes = \"open\""), "\(shown.stdout)")

        // When the preset is rendered, and once more with a length (too short for its bells)
        let wav = scratch.path("sit.wav")
        let preset = try CLIRunner.run(
            ["render", "--preset", "open-morning", "-q", "-o", wav], environment: environment)
        let timed = try CLIRunner.run(
            [
                "render", "--preset", "open-morning", "--minutes", "0.2", "--random-bells", "none", "--countdown", "0",
                "-q", "-o", wav
            ],
            environment: environment)
        // Then the preset's sit is open (a render needs a length), and with one it renders
        #expect(preset.status != 0 && preset.stderr.contains("--minutes open has none"), "\(preset.stderr)")
        #expect(timed.status == 0, "\(timed.stderr)")

        // And config.toml's `minutes = "open"` makes a sit open until segments give it a length
        let set = try CLIRunner.run(["config", "set", "minutes", "open"], environment: environment)
        #expect(set.status == 0, "\(set.stderr)")
        let standing = try CLIRunner.run(["render", "-q", "-o", wav], environment: environment)
        let walked = try CLIRunner.run(
            ["render", "--segments", "sit 0.1, walk 0.1", "--countdown", "0", "-q", "-o", wav],
            environment: environment)
        #expect(standing.status != 0 && standing.stderr.contains("--minutes open has none"), "\(standing.stderr)")
        #expect(walked.status == 0, "\(walked.stderr)")
        let got = try CLIRunner.run(["config", "get", "minutes"], environment: environment)
        #expect(got.stdout == "open\n", "\(got.stdout)")
    }
}

extension OpenEndedCommandTests {
    @Test("--minutes open beside --segments is refused alike by a render and a live sit, naming what sets the length")
    func openBesideSegmentsRefusedAlike() throws {
        // Given an open sit asked for together with segments, in a render and live
        let scratch = try Scratch()
        let asked = ["--minutes", "open", "--segments", "sit 1, walk 1", "--countdown", "0", "-q"]
        let render = try CLIRunner.run(["render"] + asked + ["-o", scratch.path("sit.wav")])
        let live = try CLIRunner.run(asked + ["--backend", "alsa", "--device", "null"])
        // Then both say that the segments set the length, not that a render needs one
        let line = "meditate: error: --minutes open has no end to share out; --segments sets the length\n"
        #expect(render.stderr == line, "\(render.stderr)")
        #expect(live.stderr == line, "\(live.stderr)")
        #expect(render.status == 64 && live.status == 64)
        #expect(scratch.contents.isEmpty, "left behind: \(scratch.contents)")
    }
}
