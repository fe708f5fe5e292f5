import Foundation
import ProgramTestSupport
import Testing

/// ALSA devices as a Raspberry Pi has them: a card that takes only 16-bit samples, one fixed at
/// 44.1 kHz. Each is a `plug` whose slave is fixed so, into ALSA's `file` plugin, which keeps
/// what the card would have been given; the device never waits, so a sit takes a moment.
@Suite("ALSA devices that take one format or one rate")
struct ALSADeviceFormatTests {
    /// The sit each test plays and renders: 6 s with a bell at 3 s, 13 s with the ring-out, a noise bed.
    let plan = [
        "--minutes", "0.1", "--countdown", "0", "--interval", "0.05", "--gong", "bell", "--noise", "pink", "--seed", "3"
    ]

    /// An .asoundrc in `scratch` with `s16only` (16-bit into `s16.raw`) and `r44only` (44.1 kHz
    /// into `r44.raw`).
    private func devices(_ scratch: Scratch) throws {
        try """
        pcm.s16file { type file; slave.pcm "null"; file "\(scratch.path("s16.raw"))"; format "raw" }
        pcm.s16only { type plug; slave { pcm "s16file"; format S16_LE } }
        pcm.r44file { type file; slave.pcm "null"; file "\(scratch.path("r44.raw"))"; format "raw" }
        pcm.r44only { type plug; slave { pcm "r44file"; rate 44100 } }
        """.write(toFile: scratch.path(".asoundrc"), atomically: true, encoding: .utf8)
    }

    /// The bytes of a WAV file's data chunk.
    private func wavData(atPath path: String) throws -> Data {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let range = try #require(data.range(of: Data("data".utf8)))
        let count = data[range.upperBound..<(range.upperBound + 4)].reversed().reduce(0) { $0 << 8 | Int($1) }
        return data[(range.upperBound + 4)..<(range.upperBound + 4 + count)]
    }

    @Test("a card that takes only 16-bit plays s16, and what it is given is the offline render's 16-bit bytes")
    func sixteenBitCardGetsTheRendersBytes() throws {
        // Given a card that takes only S16_LE
        let scratch = try Scratch()
        try devices(scratch)

        // When the sit plays on it, and is rendered to a 16-bit WAV
        let sit = try CLIRunner.run(
            plan + ["--backend", "alsa", "--device", "s16only", "--verbose"], environment: ["HOME": scratch.url.path])
        let render = try CLIRunner.run(["render"] + plan + ["--format", "s16", "-o", scratch.path("r.wav")])

        // Then the log says s16 at 48 kHz, and the card was given the render's bytes, every one
        #expect(sit.status == 0, "\(sit.stderr)")
        #expect(sit.stderr.contains("ALSA s16only: s16, 48000 Hz"), "\(sit.stderr)")
        #expect(render.status == 0, "\(render.stderr)")
        let played = try Data(contentsOf: URL(fileURLWithPath: scratch.path("s16.raw")))
        let rendered = try wavData(atPath: scratch.path("r.wav"))
        #expect(rendered.count == 13 * 48_000 * 4)
        #expect(played == rendered, "\(played.count) bytes played, \(rendered.count) rendered")
    }

    @Test("a card fixed at 44.1 kHz plays the sit at 44.1 kHz, every bell on its frame at that rate")
    func cardAt44100PlaysAtItsRate() throws {
        // Given a card that plays only 44.1 kHz
        let scratch = try Scratch()
        try devices(scratch)

        // When the sit plays on it with no rate named, and is rendered at 44.1 kHz
        let sit = try CLIRunner.run(
            plan + ["--backend", "alsa", "--device", "r44only", "--verbose"], environment: ["HOME": scratch.url.path])
        let render = try CLIRunner.run(
            ["render"] + plan + ["--sample-rate", "44100", "--format", "f32", "-o", scratch.path("r.wav")])

        // Then it played at 44.1 kHz, not resampled by ALSA
        #expect(sit.status == 0, "\(sit.stderr)")
        #expect(sit.stderr.contains("ALSA r44only: float32, 44100 Hz"), "\(sit.stderr)")
        let played = try floats(atPath: scratch.path("r44.raw"))
        // And its interval and completion gongs are heard 3 and 6 s in at 44.1 kHz (to the 2 ms
        // an onset is found in)
        let onsets = strikeOnsets(played, rate: 44_100)
        #expect(onsets.count == 2, "\(onsets)")
        #expect(zip(onsets, [132_300, 264_600]).allSatisfy { abs($0 - $1) <= 88 }, "\(onsets)")
        // And what the card was given is the 44.1 kHz render, sample for sample: every bell on
        // the frame the render puts it on
        #expect(render.status == 0, "\(render.stderr)")
        let rendered = try wavData(atPath: scratch.path("r.wav"))
        let renderedSamples = rendered.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        #expect(played.count == 13 * 44_100 * 2)
        #expect(played == renderedSamples)
    }

    @Test("a guided track on a card fixed at 44.1 kHz plays at 44.1 kHz, as a sit does")
    func trackOnACardAt44100PlaysAtItsRate() throws {
        // Given a card that plays only 44.1 kHz, and a short track
        let scratch = try Scratch()
        try devices(scratch)
        let track = scratch.path("track.wav")
        let made = try CLIRunner.run(["render", "--minutes", "0.05", "--countdown", "0", "-o", track])
        try #require(made.status == 0, "\(made.stderr)")

        // When it is played there with no rate named
        let play = try CLIRunner.run(
            ["play", track, "--backend", "alsa", "--device", "r44only", "--verbose"],
            environment: ["HOME": scratch.url.path, "XDG_DATA_HOME": scratch.path("data")])

        // Then it played at the card's rate, not resampled by ALSA
        #expect(play.status == 0, "\(play.stderr)")
        #expect(play.stderr.contains("ALSA r44only: float32, 44100 Hz"), "\(play.stderr)")
    }
}
