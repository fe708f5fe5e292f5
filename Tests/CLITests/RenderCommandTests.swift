import Decoders
import Foundation
import ProgramTestSupport
import Testing

@Suite("meditate render")
struct RenderCommandTests {
    @Test("a render writes the session as 32-bit float with every gong on its frame")
    func rendersFloatFile() throws {
        // Given a 0.5-minute sit with decimal bells at 44.1 kHz
        let scratch = try Scratch()
        let output = scratch.path("sit.wav")
        let result = try CLIRunner.run([
            "render", "--minutes", "0.5", "--countdown", "1.5", "--bells", "0.1,0.25",
            "--gong", "bell", "--sample-rate", "44100", "--format", "f32", "-o", output
        ])
        #expect(result.status == 0, "\(result.stderr)")
        // When it is read back
        let decoder = try AudioFile.open(output)
        var samples = [Float](repeating: 0, count: decoder.frameCount * 2)
        _ = try samples.withUnsafeMutableBufferPointer {
            try decoder.read(into: $0.baseAddress!, maxFrames: decoder.frameCount)
        }
        // Then the gongs start exactly at 1.5 s, +6 s, +15 s and +30 s, with silence before each
        let rate = 44_100
        let start = 66_150
        for frame in [start, start + 6 * rate, start + 15 * rate, start + 30 * rate] {
            #expect(samples[2 * frame] != 0 || samples[2 * frame + 1] != 0, "gong at \(frame)")
        }
        #expect(samples[0..<(2 * start)].allSatisfy { $0 == 0 })
        #expect(decoder.sourceFormat == SourceFormat(sampleRate: rate, channels: 2))
        #expect(result.stderr.contains("wrote"))
        #expect(scratch.contents == ["sit.wav"])
    }

    @Test("--gong takes any audio file: a mono 22.05 kHz MP3 strikes on its frame, resampled to stereo")
    func gongFromFile() throws {
        let scratch = try Scratch()
        let output = scratch.path("file-gong.wav")
        let result = try CLIRunner.run([
            "render", "--minutes", "0.05", "--countdown", "0.5", "--format", "f32",
            "--gong", fixtureFolder + "/mono-22k05.mp3", "-q", "-o", output
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let decoder = try AudioFile.open(output)
        var samples = [Float](repeating: 0, count: decoder.frameCount * 2)
        _ = try samples.withUnsafeMutableBufferPointer {
            try decoder.read(into: $0.baseAddress!, maxFrames: decoder.frameCount)
        }
        // The session ends when the completion gong (24000 frames at 48 kHz) has rung out
        #expect(decoder.frameCount == 24_000 + 3 * 48_000 + 24_000)
        let strike = 24_000
        let window = samples[(2 * strike)..<(2 * (strike + 24_000))]
        #expect(samples[0..<(2 * strike)].allSatisfy { $0 == 0 })
        #expect(window.map(abs).max()! > 0.3)
        #expect(
            stride(from: 0, to: window.count, by: 2).allSatisfy {
                window[window.startIndex + $0] == window[window.startIndex + $0 + 1]
            })
    }

    @Test("the same --seed gives byte-identical 16-bit files")
    func seedGivesSameBytes() throws {
        let scratch = try Scratch()
        let arguments = ["render", "--minutes", "0.2", "--countdown", "0", "--noise", "brown", "--seed", "99", "-q"]
        #expect(try CLIRunner.run(arguments + ["-o", scratch.path("a.wav")]).status == 0)
        #expect(try CLIRunner.run(arguments + ["-o", scratch.path("b.wav")]).status == 0)
        let a = try Data(contentsOf: URL(fileURLWithPath: scratch.path("a.wav")))
        let b = try Data(contentsOf: URL(fileURLWithPath: scratch.path("b.wav")))
        #expect(a == b)
        #expect(a.count > 44 + 12 * 48_000 * 4)
    }

    @Test("--help describes the render options", arguments: [["render", "--help"], ["--help"]])
    func help(arguments: [String]) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE"))
        #expect(result.stdout.contains(arguments.count == 2 ? "--noise" : "render"))
    }
}

@Suite("meditate render: bad input")
struct RenderBadInputTests {
    static let cases: [(arguments: [String], message: String, status: Int32)] = [
        (["--gong", fixtureFolder + "/missing.wav"], "missing.wav': no such file", 66),
        (["--gong", fixtureFolder + "/empty.mp3"], "empty.mp3': the file is empty", 65),
        (["--gong", fixtureFolder + "/truncated.mp3"], "truncated.mp3': the file is truncated", 65),
        (["--gong", fixtureFolder + "/truncated.wav"], "truncated.wav': the file is truncated", 65),
        (["--gong", fixtureFolder + "/text.mp3"], "text.mp3': not an audio file", 65),
        (["--gong", "cymbal"], "unknown gong 'cymbal': use one of bowl, gong, bell", 64),
        (["--minutes=-5"], "--minutes must be greater than 0", 64),
        (["--minutes", "0"], "--minutes must be greater than 0", 64),
        (["--minutes", "abc"], "'abc' is not a value for '--minutes <minutes>'", 64),
        (["--minutes", "10", "--interval", "10"], "--interval (10 min) must be shorter than the session (10 min)", 64),
        (["--minutes", "10", "--interval", "12"], "must be shorter than the session", 64),
        (["--noise", "purple"], "'purple' is not a value for '--noise'", 64),
        (["--noise-volume", "2"], "--noise-volume must be between 0 and 1", 64),
        (["--strikes", "0"], "--strikes must be between 1 and 10", 64),
        (["--bells", "5,x"], "'5,x' is not a value for '--bells", 64),
        (["--segments", "sit 1, nap 1"], "'--segments <list|none>': 'nap 1' is neither sit nor walk", 64),
        (["--random-bells", "10-3"], "'--random-bells <min-max|none>': the shortest gap comes first: 3-10", 64),
        (
            ["--random-bells", "0-5"], "'--random-bells <min-max|none>': the shortest gap must be more than 0 minutes",
            64
        ),
        (
            ["--random-bells", "abc"], "'--random-bells <min-max|none>': minutes between bells, the shortest gap first",
            64
        )
    ]

    @Test(
        "bad input gives one line on stderr, a non-zero exit and no file",
        arguments: cases)
    func badInput(arguments: [String], message: String, status: Int32) throws {
        let scratch = try Scratch()
        let result = try CLIRunner.run(["render", "--minutes", "1"] + arguments + ["-o", scratch.path("out.wav")])
        #expect(result.status == status)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("meditate: error: "))
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(scratch.contents.isEmpty, "left behind: \(scratch.contents)")
    }

    @Test(
        "random bells that no draw can ring (a 1-minute sit: none in the last minute) are said in one line, in English and German; one that can ring says nothing"
    )
    func randomBellsThatCannotRing() throws {
        // Given a 1-minute sit with bells 1 minute apart at random, and a 3-minute one
        let scratch = try Scratch()
        let short = [
            "render", "--minutes", "1", "--countdown", "0", "--random-bells", "1-1", "-o", scratch.path("a.wav")
        ]
        // When each is rendered
        let english = try CLIRunner.run(short)
        let german = try CLIRunner.run(short, environment: ["LANG": "de_DE.UTF-8"])
        let longer = try CLIRunner.run(
            ["render", "--minutes", "3", "--countdown", "0", "--random-bells", "1-1", "-o", scratch.path("b.wav")])
        // Then the short one is rendered, and says why no bell rings in it
        #expect(english.status == 0, "\(english.stderr)")
        #expect(
            english.stderr.hasPrefix(
                "meditate: no random bell can ring in this sit: none rings in its last minute, and the first comes 1 min after the start at the soonest\n"
            ), "\(english.stderr)")
        #expect(
            german.stderr.hasPrefix(
                "meditate: in diesem Sitzen kann keine Glocke zu zufälliger Zeit läuten: in der letzten Minute läutet keine, und die erste frühestens 1 min nach dem Beginn\n"
            ), "\(german.stderr)")
        // And one in which a bell can ring says nothing of it
        #expect(longer.status == 0 && !longer.stderr.contains("random bell"), "\(longer.stderr)")
    }

    @Test(
        "an unwritable output path is refused in one line, and nothing is written",
        arguments: ["/nonexistent-folder/out.wav", "/etc/hostname/out.wav"])
    func unwritableOutput(path: String) throws {
        let result = try CLIRunner.run(["render", "--minutes", "0.1", "-o", path])
        #expect(result.status == 73)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("meditate: error: cannot write '\(path)'"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("an interrupted render leaves no file")
    func interruptedRender() throws {
        // Given a long render to a file
        let scratch = try Scratch()
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.environment = CLIRunner.environment
        process.arguments = [
            "render", "--minutes", "600", "--noise", "pink", "--format", "f32", "-o", scratch.path("long.wav")
        ]
        process.standardError = FileHandle.nullDevice
        try process.run()
        // When it is interrupted once it has started writing
        let deadline = Date().addingTimeInterval(20)
        while scratch.contents.isEmpty && Date() < deadline { usleep(20_000) }
        process.interrupt()
        let stopBy = Date().addingTimeInterval(10)
        while process.isRunning && Date() < stopBy { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("the render did not stop within 10 s of SIGINT")
        }
        process.waitUntilExit()
        // Then it exits 130 and neither the file nor its temporary remains
        #expect(process.terminationStatus == 130)
        #expect(scratch.contents.isEmpty, "left behind: \(scratch.contents)")
    }
}
