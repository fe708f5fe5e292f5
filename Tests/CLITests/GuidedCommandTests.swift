import Foundation
import ProgramTestSupport
import Testing
import WAVTestSupport

@testable import Library

@Suite("meditate render --guided and play, from the command line")
struct GuidedCommandTests {
    /// A library holding voice-like tracks at very different levels, rates and channel counts.
    final class GuidedLibrary {
        let scratch: Scratch
        let arguments: [String]

        init() throws {
            scratch = try Scratch()
            let music = scratch.path("music")
            try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
            // About -41 LUFS, mono at 22.05 kHz: resampled and doubled on the way
            try writeFloatWAV(
                path: music + "/quiet.wav",
                samples: speechLikeSamples(
                    seconds: 12, sampleRate: 22_050, channels: 1, peak: 0.02), sampleRate: 22_050, channels: 1)
            // About -8 LUFS, stereo at 48 kHz: brought down. Its peak stays under the mix's
            // ceiling (-1 dBFS), so that at its own level (--no-normalize) it passes unchanged.
            try writeFloatWAV(
                path: music + "/loud.wav",
                samples: speechLikeSamples(
                    seconds: 12, sampleRate: 48_000, channels: 2, peak: 0.85), sampleRate: 48_000, channels: 2)
            // Quiet, with one sharp click near full scale: lifting it to the target would clip
            var peaky = speechLikeSamples(seconds: 12, sampleRate: 48_000, channels: 2, peak: 0.02)
            peaky[2 * 30_000] = 0.9
            peaky[2 * 30_000 + 1] = 0.9
            try writeFloatWAV(path: music + "/peaky.wav", samples: peaky, sampleRate: 48_000, channels: 2)
            arguments = ["--library", scratch.path("data")]
            let imported = try CLIRunner.run(["library", "import", music] + arguments)
            #expect(imported.status == 0, "\(imported.stderr)")
        }

        func render(_ extra: [String], to name: String) throws -> (CLIRunner.Result, TrackAnalysis?) {
            let path = scratch.path(name)
            let result = try CLIRunner.run(["render", "--format", "f32", "-o", path] + extra + arguments)
            return (result, result.status == 0 ? try TrackAnalysis(path: path) : nil)
        }
    }

    @Test("a guided track renders at -18 LUFS within 1 LU, whatever its own level, rate and channels")
    func normalisedRenderMeetsTarget() throws {
        // Given tracks measured at import far below and far above the target
        let library = try GuidedLibrary()
        for (title, importedBelow) in [("quiet", true), ("loud", false)] {
            // When each is rendered by its title
            let (result, measured) = try library.render(["--guided", title], to: "\(title).wav")
            #expect(result.status == 0, "\(result.stderr)")
            // Then its integrated loudness is the target's, within 1 LU (and no sample clips)
            let loudness = try #require(measured?.loudness)
            #expect(abs(loudness - -18) <= 1, "\(title): \(loudness) LUFS")
            #expect(try #require(measured).peak < 1)
            let original = try TrackAnalysis(path: library.scratch.path("music/\(title).wav"))
            #expect((try #require(original.loudness) < -18) == importedBelow)
        }
        // And another target is met as well
        let (result, other) = try library.render(["--guided", "quiet", "--target", "-23"], to: "quiet-23.wav")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(abs(try #require(other?.loudness) - -23) <= 1)
    }

    @Test("peak-aware gain: a track whose peak would clip is lifted only until the peak is at -1 dBFS")
    func peakHoldsTheGainBack() throws {
        let library = try GuidedLibrary()
        let (result, measured) = try library.render(["--guided", "peaky"], to: "peaky.wav")
        #expect(result.status == 0, "\(result.stderr)")
        let rendered = try #require(measured)
        // The peak sits at the ceiling, not above it, so the loudness stays under the target
        #expect(abs(20 * log10(rendered.peak) - -1) < 0.01, "peak \(rendered.peak)")
        #expect(try #require(rendered.loudness) < -19)
    }

    @Test("--no-normalize plays the file at its own level; a file outside the library is measured and rendered alike")
    func unnormalisedAndUnlistedFiles() throws {
        let library = try GuidedLibrary()
        let music = library.scratch.path("music")
        // --no-normalize keeps the file's own loudness
        let (_, own) = try library.render(["--guided", "loud", "--no-normalize"], to: "own.wav")
        let original = try TrackAnalysis(path: music + "/loud.wav")
        #expect(abs(try #require(own?.loudness) - (try #require(original.loudness))) < 0.05)
        // A path outside any library renders the same bytes as the imported track
        _ = try library.render(["--guided", "quiet"], to: "listed.wav")
        let path = library.scratch.path("unlisted.wav")
        let unlisted = try CLIRunner.run([
            "render", "--format", "f32", "-o", path, "--guided", music + "/quiet.wav",
            "--library", library.scratch.path("elsewhere")
        ])
        #expect(unlisted.status == 0, "\(unlisted.stderr)")
        #expect(unlisted.stderr.contains("measuring the loudness"))
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: path))
                == Data(contentsOf: URL(fileURLWithPath: library.scratch.path("listed.wav"))))
    }

    @Test("render --guided --then writes the track, the gap and the sit in one file")
    func guidedThenSilentFile() throws {
        let library = try GuidedLibrary()
        let (result, _) = try library.render(
            [
                "--guided", "loud", "--then", "0.1", "--interval", "0.05",
                "--gap", "2", "--gong", "bell"
            ], to: "then.wav")
        #expect(result.status == 0, "\(result.stderr)")
        // 12 s of track, 2 s of gap, 6 s of sit, then the bell's ring-out
        let rendered = try TrackAnalysis(path: library.scratch.path("then.wav"))
        #expect(rendered.frames > 20 * 48_000 && rendered.frames < 40 * 48_000)
    }

    @Test("mistakes are one line each: options without what they belong to, an unknown track")
    func mistakes() throws {
        let library = try GuidedLibrary()
        let cases: [([String], String)] = [
            (
                ["render", "--then", "5", "-o", "x.wav"],
                "--then adds a sit after a guided track; give --guided TRACK too"
            ),
            (["render", "--guided", "loud", "--interval", "2", "-o", "x.wav"], "add --then MINUTES"),
            (["render", "--guided", "loud", "--minutes", "2", "-o", "x.wav"], "is --then MINUTES, not --minutes"),
            (["play", "loud", "--gap", "3"], "--gap is the pause before the sit that --then adds"),
            (["play", "loud", "--target", "0"], "--target must be a loudness from -40 to -6 LUFS"),
            (["play", "nothing-like-it"], "no track 'nothing-like-it' in the library")
        ]
        for (arguments, message) in cases {
            let result = try CLIRunner.run(arguments + library.arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
    }
}
