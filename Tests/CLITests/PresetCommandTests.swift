import Foundation
import ProgramTestSupport
import Testing

@Suite("meditate preset")
struct PresetCommandTests {
    @Test("a preset keeps every session option it is saved with, and shows them back")
    func roundTripsEveryOption() throws {
        // Given a timed sit that uses every option, and a guided one that uses the guided options
        let config = try ConfigScratch()
        let sit = [
            "--minutes", "12.5", "--countdown", "7", "--bells", "2,4.5,10", "--strikes", "3", "--noise", "brown",
            "--noise-volume", "0.25", "--gong", "bell", "--gong-volume", "0.8", "--sample-rate", "44100",
            "--seed", "18446744073709551615", "--backend", "alsa", "--device", "plughw:1,0", "--latency-ms", "250"
        ]
        let guided = [
            "--guided", "/music/talk \"one\".mp3", "--then", "10", "--gap", "2.5", "--target", "-23",
            "--no-normalize", "--interval", "2"
        ]

        // When both are saved
        let saved = try config.run(["preset", "save", "all"] + sit)
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(try config.run(["preset", "save", "talk"] + guided).status == 0)

        // Then show gives every option back, in the registry's order
        #expect(
            try config.run(["preset", "show", "all"]).stdout == """
                minutes = 12.5
                countdown = 7
                bells = "2,4.5,10"
                strikes = 3
                noise = "brown"
                noise-volume = 0.25
                gong = "bell"
                gong-volume = 0.8
                sample-rate = 44100
                seed = "18446744073709551615"
                backend = "alsa"
                device = "plughw:1,0"
                latency-ms = 250

                """)
        #expect(
            try config.run(["preset", "show", "talk"]).stdout == """
                interval = 2
                target = -23
                normalize = false
                guided = "/music/talk \\"one\\".mp3"
                then = 10
                gap = 2.5

                """)
        let list = try config.run(["preset", "list"]).stdout
        #expect(list.hasPrefix("all   minutes = 12.5, countdown = 7,"), "\(list)")
        #expect(list.contains("\ntalk  interval = 2, target = -23"), "\(list)")

        // And a preset saved again replaces the old one; removed, it is gone
        #expect(try config.run(["preset", "save", "all", "--minutes", "3"]).status == 0)
        #expect(try config.run(["preset", "show", "all"]).stdout == "minutes = 3\n")
        #expect(try config.run(["preset", "remove", "all"]).status == 0)
        let gone = try config.run(["preset", "show", "all"])
        #expect(gone.status != 0)
        #expect(gone.stderr == "meditate: error: no preset named 'all'; known: talk\n")
    }

    @Test("`meditate morning` plays what the options it saved render, sample for sample")
    func presetPlaysItsOptions() throws {
        // Given a preset saved with a sit's options, and an ALSA file device to hear it on
        let config = try ConfigScratch()
        let raw = config.scratch.path("played.raw")
        try writeALSACaptureDevice(home: config.scratch, raw: raw)
        let options = [
            "--minutes", "0.3", "--interval", "0.1", "--countdown", "1", "--noise", "pink",
            "--strikes", "2", "--seed", "42"
        ]
        #expect(
            try config.run(
                ["preset", "save", "morning"] + options
                    + ["--backend", "alsa", "--device", "meditate_capture"]
            ).status == 0)

        // When `meditate morning` plays, and the preset and the options are rendered
        let played = try config.run(["morning", "-q"], environment: ["HOME": config.scratch.url.path])
        let byPreset = try config.run([
            "render", "--preset", "morning", "--format", "f32", "-q", "-o", config.scratch.path("p.wav")
        ])
        let byOptions = try CLIRunner.run(
            ["render"] + options + ["--format", "f32", "-q", "-o", config.scratch.path("o.wav")])

        // Then all three are the same samples
        #expect(played.status == 0, "\(played.stderr)")
        #expect(byPreset.status == 0, "\(byPreset.stderr)")
        #expect(byOptions.status == 0, "\(byOptions.stderr)")
        let fromOptions = try Data(contentsOf: URL(fileURLWithPath: config.scratch.path("o.wav")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: config.scratch.path("p.wav"))) == fromOptions)
        let rendered = try wavFloats(atPath: config.scratch.path("o.wav"))
        #expect(try floats(atPath: raw) == rendered)
        #expect(rendered.contains { $0 != 0 })
    }

    @Test("a flag given with a preset overrides the preset's value")
    func flagOverridesPreset() throws {
        let config = try ConfigScratch()
        #expect(try config.run(["preset", "save", "short", "--minutes", "0.02", "--countdown", "3"]).status == 0)
        #expect(try config.firstGongFrame(["--preset", "short"]) == 3 * 48_000)
        #expect(try config.firstGongFrame(["--preset", "short", "--countdown", "1"]) == 48_000)
    }

    @Test("a guided preset saved with --noise none renders the track alone: no noise, no sit asked for")
    func guidedPresetWithoutNoise() throws {
        let config = try ConfigScratch()
        let track = fixtureFolder + "/lame-untagged.mp3"
        #expect(try config.run(["preset", "save", "talk", "--guided", track, "--noise", "none"]).status == 0)
        let byPreset = try config.run(["render", "--preset", "talk", "-q", "-o", config.scratch.path("p.wav")])
        let byTrack = try CLIRunner.run(["render", "--guided", track, "-q", "-o", config.scratch.path("t.wav")])
        #expect(byPreset.status == 0, "\(byPreset.stderr)")
        #expect(byTrack.status == 0, "\(byTrack.stderr)")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: config.scratch.path("p.wav")))
                == Data(contentsOf: URL(fileURLWithPath: config.scratch.path("t.wav"))))
    }

    @Test(
        "preset mistakes are one line each",
        arguments: [
            (["preset", "save", "render", "--minutes", "5"], "'render' cannot name a preset"),
            (["preset", "save", "a b", "--minutes", "5"], "'a b' cannot name a preset"),
            (["preset", "save", "empty"], "preset 'empty' would hold nothing"),
            (
                ["preset", "save", "x", "--minutes", "5", "--interval", "10"],
                "--interval (10 min) must be shorter than the session"
            ),
            (
                ["preset", "save", "x", "--guided", "t.mp3", "--minutes", "5"],
                "with --guided, the sit after the track is --then"
            ),
            (["nosuch"], "'nosuch' is neither a command nor a preset"),
            (["--preset", "nosuch"], "no preset named 'nosuch'; there are none yet")
        ])
    func mistakes(arguments: [String], expected: String) throws {
        let config = try ConfigScratch()
        let result = try config.run(arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: config.file))
    }
}
