import Foundation
import ProgramTestSupport
import Settings
import Testing

@testable import CLI

/// A scratch config folder and the environment that points meditate at it.
struct ConfigScratch {
    let scratch: Scratch
    init() throws { scratch = try Scratch() }
    var folder: String { scratch.path("config") }
    var file: String { folder + "/meditate/config.toml" }
    /// Its own data folder too: the presets it saves are its own.
    var environment: [String: String] { ["XDG_CONFIG_HOME": folder, "XDG_DATA_HOME": scratch.path("data")] }

    func write(_ text: String) throws {
        try FileManager.default.createDirectory(atPath: folder + "/meditate", withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
    }

    func read() throws -> String { try String(contentsOfFile: file, encoding: .utf8) }

    func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> CLIRunner.Result {
        try CLIRunner.run(arguments, environment: environment.merging(extra) { $1 })
    }

    /// The frame of the first non-zero sample of a float render: where the start gong strikes.
    func firstGongFrame(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Int? {
        let output = scratch.path("onset-\(UUID().uuidString).wav")
        let result = try run(["render"] + arguments + ["--format", "f32", "-q", "-o", output], environment: extra)
        #expect(result.status == 0, "\(result.stderr)")
        let samples = try wavFloats(atPath: output)
        return samples.firstIndex { $0 != 0 }.map { $0 / 2 }
    }
}

@Suite("settings: config.toml, MEDITATE_* and flags")
struct SettingsTests {
    @Test("a flag beats the environment, which beats config.toml, which beats the default")
    func precedenceAcrossFourLayers() throws {
        // Given a 0.02-minute sit with no config: the start gong comes after the default 15 s countdown
        let config = try ConfigScratch()
        let sit = ["--minutes", "0.02"]
        #expect(try config.firstGongFrame(sit) == 15 * 48_000)
        #expect(try config.run(["config", "get", "countdown"]).stdout == "15\n")

        // When config.toml sets a 3 s countdown, it applies
        try config.write("countdown = 3\n")
        #expect(try config.firstGongFrame(sit) == 3 * 48_000)

        // When MEDITATE_COUNTDOWN says 2, it beats the file
        let environment = ["MEDITATE_COUNTDOWN": "2"]
        #expect(try config.firstGongFrame(sit, environment: environment) == 2 * 48_000)
        let listed = try config.run(["config", "list"], environment: environment).stdout
        #expect(listed.contains("countdown = 2"), "\(listed)")
        #expect(
            listed.split(separator: "\n").contains {
                $0.hasPrefix("countdown = 2") && $0.contains("MEDITATE_COUNTDOWN")
            })

        // Then a flag beats them both
        #expect(try config.firstGongFrame(sit + ["--countdown", "1.5"], environment: environment) == 72_000)
        // And config list names the file's line for what the file sets
        let fromFile = try config.run(["config", "list"]).stdout
        #expect(
            fromFile.split(separator: "\n").contains { $0.hasPrefix("countdown = 3") && $0.contains("config.toml:1") })
    }

    @Test("the four layers resolve one key the same way in process")
    func settingsResolve() throws {
        // Given a file that sets strikes and noise, and an environment that sets noise
        let config = try ConfigScratch()
        try config.write("strikes = 3\nnoise = \"pink\"\n")
        let settings = try Settings.load(environment: ["MEDITATE_NOISE": "brown"], path: config.file)
        // Then each key comes from its strongest layer
        #expect(settings.resolve(SettingKeys.strikes, flag: nil).value == 3)
        #expect(settings.resolve(SettingKeys.strikes, flag: nil).source == .file(path: config.file, line: 1))
        #expect(settings.resolve(SettingKeys.noise, flag: nil).value == .brown)
        #expect(settings.resolve(SettingKeys.noise, flag: .white).value == .white)
        #expect(settings.resolve(SettingKeys.gongVolume, flag: nil).value == 1)
        #expect(settings.resolve(SettingKeys.gongVolume, flag: nil).source == .builtIn)
        #expect(settings.resolve(SettingKeys.interval, flag: nil as ClearableOption<_>?).value == nil)
    }

    @Test(
        "a mistake in config.toml or the environment names the file, the line and the reason",
        arguments: [
            ("minutes = 20\n\nnoise = = 3\n", "config.toml:3: "),
            ("# mine\nnoise-volume = 2\n", "config.toml:2: noise-volume must be a volume from 0 to 1, not '2'"),
            ("minutes = 20\nminuts = 5\n", "config.toml:2: unknown setting 'minuts'"),
            ("strikes = \"three\"\n", "config.toml:1: strikes must be a whole number from 1 to 10, not 'three'"),
            ("seed = 4\n", "config.toml:1: 'seed' describes one session"),
            ("[preset.morning]\nminutes = 20\ninterval = -1\n", "config.toml:3: interval must be a number of minutes")
        ])
    func configMistakes(text: String, expected: String) throws {
        // Given a config file with one mistake
        let config = try ConfigScratch()
        try config.write(text)
        // When a session is rendered
        let result = try config.run(["render", "--minutes", "0.02", "-o", config.scratch.path("x.wav")])
        // Then it fails with one line that names the place
        #expect(result.status != 0)
        #expect(
            result.stderr.contains(config.file.replacingOccurrences(of: "/config.toml", with: "/") + expected),
            "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: config.scratch.path("x.wav")))
    }

    @Test("standing random bells longer than the sit are refused naming their line; --random-bells none sits without")
    func standingRandomBellsNameTheirLine() throws {
        // Given config.toml with random bells 3 to 10 minutes apart on its first line
        let config = try ConfigScratch()
        try config.write("random-bells = \"3-10\"\n")
        let output = config.scratch.path("x.wav")
        let sit = ["render", "--minutes", "0.1", "--countdown", "0", "-q", "-o", output]
        // When a 6-second sit is rendered with nothing said about bells, in English and in German
        let refused = try config.run(sit)
        let german = try config.run(sit, environment: ["LANG": "de_DE.UTF-8"])
        // Then each refusal names where the bells are set and how to sit without them
        #expect(refused.status == 64)
        #expect(
            refused.stderr
                == "meditate: error: random-bells = 3-10 (\(config.file):1) is longer than this 0.1-minute sit; --random-bells none sits without them\n",
            "\(refused.stderr)")
        #expect(
            german.stderr
                == "meditate: Fehler: random-bells = 3-10 (\(config.file):1) ist länger als dieses Sitzen von 0,1 Minuten; mit --random-bells none sitzt du ohne sie\n",
            "\(german.stderr)")
        // And with none for this sit it renders
        let without = try config.run(sit + ["--random-bells", "none"])
        #expect(without.status == 0, "\(without.stderr)")
        // And the same bells on the command line are refused as before, with no line to name
        let flag = try config.run(sit + ["--random-bells", "3-10"])
        #expect(flag.stderr.contains("--random-bells 3-10: the gaps must be"), "\(flag.stderr)")
    }

    @Test("a standing interval longer than the sit is refused naming its line, and none turns it off for one sit")
    func standingIntervalCanBeTurnedOffForOneSit() throws {
        // Given config.toml with a bell every 5 minutes on its second line
        let config = try ConfigScratch()
        try config.write("noise = \"pink\"\ninterval = 5\n")
        let output = config.scratch.path("x.wav")
        let sit = ["render", "--minutes", "3", "--countdown", "1", "--seed", "1", "-q", "-o", output]

        // When a 3-minute sit is rendered with nothing said about bells
        let refused = try config.run(sit)
        // Then it is refused in one line that names where the interval is set, and how to go without
        #expect(refused.status == 64)
        #expect(
            refused.stderr
                == "meditate: error: interval = 5 (\(config.file):2) is not shorter than this 3-minute sit; --interval none sits without bells\n"
        )
        #expect(!FileManager.default.fileExists(atPath: output))

        // When it is said for this sit: on the command line, in the environment (either way)
        for (arguments, environment) in [
            (["--interval", "none"], [:]), (["--interval=NONE"], [:]), ([], ["MEDITATE_INTERVAL": ""]),
            ([], ["MEDITATE_INTERVAL": "none"])
        ] as [([String], [String: String])] {
            let result = try config.run(sit + arguments, environment: environment)
            // Then the sit renders with its start and completion gongs only, 3 minutes apart
            #expect(result.status == 0, "\(arguments) \(environment): \(result.stderr)")
            let samples = try wavFloats(atPath: output)
            #expect(strikeOnsets(samples).map { $0 / 48_000 } == [1, 181], "\(arguments) \(environment)")
        }
        // And the file keeps its interval, and `none` in a variable is listed as such
        #expect(try config.run(["config", "get", "interval"]).stdout == "5\n")
        let listed = try config.run(["config", "list"], environment: ["MEDITATE_INTERVAL": ""]).stdout
        #expect(listed.contains("interval = \"none\""), "\(listed)")

        // When --bells none is given, it clears only bells: the standing interval still applies
        let bells = try config.run(sit + ["--bells", "none"])
        #expect(bells.status == 64, "\(bells.stderr)")
        // And a setting with a default has no none: it is refused as before
        let countdown = try config.run(sit + ["--countdown", "none"])
        #expect(countdown.stderr == "meditate: error: 'none' is not a value for '--countdown <seconds>'\n")
    }

    @Test("a bad MEDITATE_* value names the variable")
    func environmentMistake() throws {
        let config = try ConfigScratch()
        let result = try config.run(
            ["render", "-o", config.scratch.path("x.wav")], environment: ["MEDITATE_LATENCY_MS": "5"])
        #expect(result.status != 0)
        #expect(
            result.stderr
                == "meditate: error: MEDITATE_LATENCY_MS: latency-ms must be a number of milliseconds from 20 to 2000, not '5'\n"
        )
    }

    @Test("config set changes one value and keeps every comment; unset removes the line")
    func configSetKeepsComments() throws {
        // Given a config the person wrote, with comments everywhere
        let config = try ConfigScratch()
        try config.write(
            """
            # How I sit.
            minutes = 25   # long enough

            # The bed.
            noise = "pink" # soft

            [preset.morning] # weekdays
            # early
            minutes = 20
            """ + "\n")

        // When minutes and a new key are set, and noise is unset
        #expect(try config.run(["config", "set", "minutes", "30"]).status == 0)
        #expect(try config.run(["config", "set", "interval", "7.5"]).status == 0)
        #expect(try config.run(["config", "set", "noise-volume", "0.3"]).status == 0)
        #expect(try config.run(["config", "unset", "noise"]).status == 0)

        // Then only those lines changed, the comments are all there, and nothing else is in the folder
        #expect(
            try config.read() == """
                # How I sit.
                minutes = 30   # long enough

                # The bed.
                interval = 7.5
                noise-volume = 0.3

                [preset.morning] # weekdays
                # early
                minutes = 20
                """ + "\n")
        #expect(try config.run(["config", "get", "minutes"]).stdout == "30\n")
        #expect(try config.run(["config", "get", "interval"]).stdout == "7.5\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: config.folder + "/meditate") == ["config.toml"])
    }

    @Test("config set refuses a bad value and leaves the file as it was")
    func configSetRefuses() throws {
        let config = try ConfigScratch()
        try config.write("minutes = 25 # mine\n")
        for (arguments, message) in [
            (
                ["config", "set", "minutes", "0"],
                "config set: minutes must be a number of minutes, more than 0 and at most 1440, not '0'"
            ),
            (["config", "set", "colour", "red"], "config set: unknown setting 'colour'"),
            (["config", "set", "bells", "5,10"], "config set: 'bells' describes one session")
        ] {
            let result = try config.run(arguments)
            #expect(result.status != 0)
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
        #expect(try config.read() == "minutes = 25 # mine\n")
    }

    @Test("removing a preset's table leaves the comment that leads into the next one")
    func editorRemovesTable() {
        var editor = ConfigEditor("a = 1\n\n[preset.x]\nminutes = 5\n\n# the evening\n[preset.y]\nminutes = 9\n")
        let removed = editor.removeTable("preset.x")
        #expect(removed)
        #expect(editor.text == "a = 1\n\n# the evening\n[preset.y]\nminutes = 9\n")
        editor.setTable("preset.y", assignments: ["minutes = 10"])
        editor.setTable("preset.z", assignments: ["noise = \"pink\""])
        #expect(editor.text == "a = 1\n\n# the evening\n[preset.y]\nminutes = 10\n\n[preset.z]\nnoise = \"pink\"\n")
    }
}
