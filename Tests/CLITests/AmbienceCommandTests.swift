import Decoders
import Foundation
import Library
import ProgramTestSupport
import Testing
import WAVTestSupport

@testable import Service

/// `--ambience` from the command line: the bed's level, which bed wins, and the refusals.
@Suite("meditate --ambience")
struct AmbienceCommandTests {
    let rate = 48_000

    /// A steady noise file of `seconds` at `sigma` in `scratch`.
    func ambienceFile(_ scratch: Scratch, _ name: String, seconds: Double, sigma: Double = 0.01) throws -> String {
        let path = scratch.path(name)
        try writeFloatWAV(
            path: path, samples: stationaryNoise(seconds: seconds, sampleRate: rate, sigma: sigma), sampleRate: rate,
            channels: 2)
        return path
    }

    @Test("an ambience plays as loud as pink noise at the same --noise-volume, whatever its own level")
    func ambienceMatchesPinkNoise() throws {
        // Given a quiet file (about −37 LUFS) and a loud one (about −17 LUFS)
        let scratch = try Scratch()
        let quiet = try ambienceFile(scratch, "quiet.wav", seconds: 8, sigma: 0.01)
        let loud = try ambienceFile(scratch, "loud.wav", seconds: 8, sigma: 0.1)
        let common = ["render", "--minutes", "1", "--countdown", "0", "--gong-volume", "0", "--format", "f32"]

        // When a sit renders with pink noise, and with each file, at --noise-volume 0.2
        let pink = try CLIRunner.run(
            common + ["--noise", "pink", "--noise-volume", "0.2", "-o", scratch.path("pink.wav")])
        #expect(pink.status == 0, "\(pink.stderr)")
        let pinkLoudness = try #require(try TrackAnalysis(path: scratch.path("pink.wav")).loudness)
        for file in [quiet, loud] {
            let out = scratch.path("bed-\(UUID().uuidString).wav")
            let result = try CLIRunner.run(common + ["--ambience", file, "--noise-volume", "0.2", "-o", out])
            #expect(result.status == 0, "\(result.stderr)")
            // Then each measures pink noise's loudness within 1 LU
            let loudness = try #require(try TrackAnalysis(path: out).loudness)
            #expect(abs(loudness - pinkLoudness) <= 1, "\(file): \(loudness) LUFS, pink \(pinkLoudness) LUFS")
            // And a file outside the library was measured first, and the person told so
            #expect(result.stderr.contains("measuring the loudness of"), "\(result.stderr)")
        }
    }

    @Test("one bed: --ambience over a config's noise, --noise over a config's ambience, both flags refused")
    func oneBed() throws {
        // Given a config that sets pink noise, and a steady file
        let config = try ConfigScratch()
        try config.write("noise = \"pink\"\n")
        let file = try ambienceFile(config.scratch, "rain.wav", seconds: 8)
        let common = ["render", "--minutes", "0.5", "--countdown", "0", "--gong-volume", "0", "--format", "f32", "-q"]

        // When the flag names the file, Then the bed is the file (quiet, like the file), not pink noise
        let withFile = config.scratch.path("file.wav")
        let result = try config.run(common + ["--ambience", file, "--noise-volume", "1", "-o", withFile])
        #expect(result.status == 0, "\(result.stderr)")
        let pinkOut = config.scratch.path("pink.wav")
        #expect(try config.run(common + ["--noise-volume", "1", "-o", pinkOut]).status == 0)
        let fileSamples = try wavFloats(atPath: withFile)
        let pinkSamples = try wavFloats(atPath: pinkOut)
        #expect(fileSamples != pinkSamples)
        #expect(fileSamples.contains { $0 != 0 })

        // And with the ambience in config.toml, --noise brown wins over it
        try config.write("ambience = '\(file)'\n")
        let brown = config.scratch.path("brown.wav")
        let noiseWins = try config.run(common + ["--noise", "brown", "--seed", "3", "-o", brown])
        #expect(noiseWins.status == 0, "\(noiseWins.stderr)")
        let plainBrown = config.scratch.path("plain-brown.wav")
        #expect(
            try CLIRunner.run(common + ["--noise", "brown", "--seed", "3", "-o", plainBrown]).status == 0)
        #expect(try wavFloats(atPath: brown) == wavFloats(atPath: plainBrown))

        // And both on the command line are refused with one line, in English and in German
        let both = try config.run(common + ["--noise", "brown", "--ambience", file, "-o", config.scratch.path("x.wav")])
        #expect(both.status != 0)
        #expect(both.stderr.contains("--noise and --ambience are both beds; give one of them (or --noise none)"))
        #expect(both.stderr.split(separator: "\n").count == 1, "\(both.stderr)")
        let german = try config.run(
            common + ["--noise", "brown", "--ambience", file, "-o", config.scratch.path("x.wav")],
            environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.stderr.contains("--noise und --ambience sind beide ein Klangteppich"), "\(german.stderr)")
    }

    @Test("a short file, a file that is not audio, a missing file and a config's bad ambience: one line each")
    func refusals() throws {
        let config = try ConfigScratch()
        let short = try ambienceFile(config.scratch, "short.wav", seconds: 4)
        let text = config.scratch.path("notes.wav")
        try Data("not audio\n".utf8).write(to: URL(fileURLWithPath: text))
        let common = ["render", "--minutes", "0.5", "--countdown", "0", "-q", "-o", config.scratch.path("x.wav")]
        let cases: [([String], String)] = [
            (["--ambience", short], "lasts 4.0 s; a loop needs at least 6.0 s (twice its 3.0-s cross-fade)"),
            (["--ambience", short, "--ambience-crossfade", "2"], ""),
            (["--ambience", short, "--ambience-crossfade", "0.01"], "--ambience-crossfade"),
            (["--ambience", text], "notes.wav"),
            (["--ambience", config.scratch.path("missing.wav")], "missing.wav")
        ]
        for (arguments, words) in cases {
            let result = try config.run(common + arguments)
            if words.isEmpty {
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
                try FileManager.default.removeItem(atPath: config.scratch.path("x.wav"))
                continue
            }
            #expect(result.status != 0, "\(arguments) was accepted")
            #expect(result.stderr.contains(words), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
            #expect(!config.scratch.contents.contains("x.wav"))
        }
        // And an ambience named by config.toml says so
        try config.write("ambience = '\(short)'\n")
        let fromConfig = try config.run(common)
        #expect(fromConfig.status != 0)
        #expect(
            fromConfig.stderr.contains("config.toml:1: ambience: ambience '\(short)' lasts 4.0 s"),
            "\(fromConfig.stderr)")
        // And in German the short file's refusal is German
        let german = try config.run(common, environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.stderr.contains("dauert 4,0 s; eine Schleife braucht mindestens 6,0 s"), "\(german.stderr)")
    }

    @Test("a bed named by its library id or the start of its title is called by the track's title in the history")
    func bedIsCalledByItsTitle() throws {
        // Given a library of its own with one track, titled "Summer Rain"
        let config = try ConfigScratch()
        let rain = try ambienceFile(config.scratch, "rain.wav", seconds: 8)
        let data = ["XDG_DATA_HOME": config.scratch.path("data")]
        #expect(try config.run(["library", "import", rain, "-q"], environment: data).status == 0)
        #expect(try config.run(["library", "edit", "1", "--title", "Summer Rain"], environment: data).status == 0)
        // When a sit is started with it by its id, and one by the start of its title
        for reference in ["1", "summ"] {
            let sit = try config.run(
                [
                    "--minutes", "0.05", "--countdown", "0", "--ambience", reference, "--backend", "alsa", "--device",
                    "null", "-q"
                ], environment: data)
            #expect(sit.status == 0, "\(sit.stderr)")
        }
        // And one by a path relative to the terminal's folder
        let relative = try CLIRunner.run(
            program: CLIRunner.executable.path,
            [
                "--minutes", "0.05", "--countdown", "0", "--ambience", "./rain.wav", "--backend", "alsa", "--device",
                "null", "-q"
            ], environment: CLIRunner.environment.merging(config.environment.merging(data) { $1 }) { $1 },
            directory: config.scratch.path(""))
        #expect(relative.status == 0, "\(relative.stderr)")
        // Then the history calls the bed of all three by the track's title, not by what was typed
        let history = try config.run(["history"], environment: data)
        #expect(history.stdout.components(separatedBy: "3 s, ambience Summer Rain").count == 4, "\(history.stdout)")
        // And keeps, for "Again", the id and the title as given, and the path as another folder finds it
        let notes = try LibraryDatabase(path: config.scratch.path("data/meditate/library.sqlite")).practice()
        #expect(notes.map { LastSit.json($0)?["params"]?["ambience"]?.stringValue } == ["1", "summ", rain], "\(notes)")
        #expect(
            !history.stdout.contains("ambience 1") && !history.stdout.contains("ambience summ"), "\(history.stdout)")
    }

    @Test("a bed or a track written as a path that is not there is a missing file, not a missing title")
    func pathThatIsNotThere() throws {
        // Given a library of its own with one track, and paths that name nothing, or a folder
        let config = try ConfigScratch()
        let rain = try ambienceFile(config.scratch, "rain.wav", seconds: 8)
        let data = ["XDG_DATA_HOME": config.scratch.path("data")]
        let imported = try config.run(["library", "import", rain, "-q"], environment: data)
        #expect(imported.status == 0, "\(imported.stderr)")
        let common = ["render", "--minutes", "0.5", "--countdown", "0", "-q", "-o", config.scratch.path("x.wav")]
        let cases: [([String], String)] = [
            (
                common + ["--ambience", config.scratch.path("gone.wav")],
                "'\(config.scratch.path("gone.wav"))': no such file"
            ),
            (common + ["--ambience", "./gone.mp3"], "'./gone.mp3': no such file"),
            (["play", "./gone.mp3"], "'./gone.mp3': no such file"),
            (common + ["--ambience", config.scratch.path("")], "it is a directory"),
            // And a word that is no path is still a title the library does not have
            (common + ["--ambience", "thunder"], "no track 'thunder' in the library")
        ]
        for (arguments, words) in cases {
            // When each is asked for
            let result = try config.run(arguments, environment: data)
            // Then it is refused with one line that says what is wrong with it
            #expect(result.status != 0, "\(arguments) was accepted")
            #expect(result.stderr.contains(words), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
        // And in German too, a folder included
        let german = try config.run(
            common + ["--ambience", "./gone.mp3"], environment: data.merging(["LANG": "de_DE.UTF-8"]) { $1 })
        #expect(german.stderr == "meditate: Fehler: --ambience: './gone.mp3': keine solche Datei\n", "\(german.stderr)")
        let folder = try config.run(
            common + ["--ambience", config.scratch.path("")], environment: data.merging(["LANG": "de_DE.UTF-8"]) { $1 })
        #expect(folder.stderr.hasSuffix("die Datei ist nicht lesbar (ein Ordner)\n"), "\(folder.stderr)")
    }
}

extension AmbienceCommandTests {
    @Test("a file just short of a loop is said to be short of it, and a bad cross-fade as given, before any measuring")
    func refusalsSayTheNumbersAsTheyAre() throws {
        // Given a file 5.99 s long, a hundredth short of two 3-s cross-fades, outside any library
        let scratch = try Scratch()
        let almost = try ambienceFile(scratch, "almost.wav", seconds: 5.99)
        let render = ["render", "--minutes", "0.5", "--countdown", "0", "-o", scratch.path("x.wav")]

        // When it is asked for as the bed, and again with cross-fades out of range
        let short = try CLIRunner.run(render + ["--ambience", almost])
        let germanShort = try CLIRunner.run(render + ["--ambience", almost], environment: ["LANG": "de_DE.UTF-8"])
        let long = try CLIRunner.run(render + ["--ambience", almost, "--ambience-crossfade", "30.04"])
        let brief = try CLIRunner.run(
            render + ["--ambience", almost, "--ambience-crossfade", "0.05"], environment: ["LANG": "de_DE.UTF-8"])

        // Then its length is not rounded up to the length it lacks
        #expect(short.stderr.hasSuffix("lasts 5.9 s; a loop needs at least 6.0 s (twice its 3.0-s cross-fade)\n"))
        #expect(
            germanShort.stderr.contains("dauert 5,9 s; eine Schleife braucht mindestens 6,0 s"), "\(germanShort.stderr)"
        )
        // And a cross-fade is said as it was given, in one line, before the file is measured
        #expect(long.stderr == "meditate: error: --ambience-crossfade must be 0.1 to 30 seconds (got 30.04)\n")
        #expect(
            brief.stderr
                == "meditate: Fehler: --ambience-crossfade muss 0,1 bis 30 Sekunden lang sein (angegeben: 0,05)\n")
        #expect([short, germanShort, long, brief].allSatisfy { $0.status != 0 })
        #expect(!scratch.contents.contains("x.wav"))
    }
}
