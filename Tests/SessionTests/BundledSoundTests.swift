import Foundation
import Testing

@testable import Decoders
@testable import Mixer
@testable import Session

@Suite("Bundled sounds")
struct BundledSoundTests {
    @Test(
        "every bundled sound is a 48 kHz WAV peaking at most -1 dBFS whose first sample is the strike",
        arguments: BundledSound.allCases)
    func soundShape(sound: BundledSound) throws {
        let path = try #require(SoundLocator().path(of: sound))
        let decoder = try AudioFile.open(path)
        #expect(path.hasSuffix(".wav"))
        #expect(decoder.sourceFormat.sampleRate == 48_000)
        let (samples, _) = try AudioLoader.loadStereo(path: path, engineRate: 48_000)
        let peak = samples.map(abs).max() ?? 0
        #expect(20 * log10(Double(peak)) <= -1)
        #expect(samples[0] != 0 && samples[1] != 0)
        #expect(samples.suffix(2) == [0, 0])
    }

    @Test(
        "a bundled gong loaded for a session plays from its file's pages, exactly the samples the file decodes to",
        arguments: BundledSound.allCases)
    func gongLoaderMapsTheWholeSound(sound: BundledSound) throws {
        // Given a bundled sound, decoded into an array
        let path = try #require(SoundLocator().path(of: sound))
        let (expected, _) = try AudioLoader.loadStereo(path: path, engineRate: 48_000)
        // When the session's loader loads it for the buffer strikes share
        let buffer = try GongLoader.load(.bundled(sound), sampleRate: 48_000)
        // Then it is the file's 16-bit samples where they lie, every one of them and nothing more,
        // and as the mixer plays them they are the decoded floats exactly
        guard case .int16 = buffer.storage else {
            Issue.record("the bundled \(sound) was decoded, not mapped")
            return
        }
        #expect(buffer.frameCount * 2 == expected.count)
        #expect(buffer.floatSamples == expected)
    }

    @Test("a gong file of the user's, or one at another rate than the engine's, is decoded and resampled")
    func gongLoaderDecodesWhatItCannotMap() throws {
        // Given the bundled bell as a file of the user's, and the bundled bell at 44.1 kHz
        let path = try #require(SoundLocator().path(of: .bell))
        let asFile = try GongLoader.load(.file(path), sampleRate: 48_000)
        let resampled = try GongLoader.load(.bundled(.bell), sampleRate: 44_100)
        // Then both are decoded into Float32 the buffer owns: a user's file may be rewritten
        // while it plays, and a mapped file cannot be resampled
        if case .int16 = asFile.storage { Issue.record("a user's file was mapped") }
        if case .int16 = resampled.storage { Issue.record("a sound at another rate was mapped") }
        let (expected, _) = try AudioLoader.loadStereo(path: path, engineRate: 44_100)
        #expect(resampled.floatSamples == expected)
    }

    @Test("the singing bowl rings for about 15 s: loud at the strike, 60 dB down near 15 s")
    func bowlDecay() throws {
        let path = try #require(SoundLocator().path(of: .bowl))
        let (samples, _) = try AudioLoader.loadStereo(path: path, engineRate: 48_000)
        func level(second: Int) -> Double {
            let slice = samples[(second * 96_000)..<((second + 1) * 96_000)]
            return 10 * log10(slice.reduce(0.0) { $0 + Double($1 * $1) } / Double(slice.count))
        }
        #expect(level(second: 0) > -20)
        #expect(level(second: 7) < level(second: 0) - 25)
        #expect(level(second: 15) < level(second: 0) - 55)
        #expect(level(second: 10) > -80, "still audible well into its tail")
    }

    @Test("the bowl beats slowly: its level swells and fades within each second")
    func bowlBeats() throws {
        let path = try #require(SoundLocator().path(of: .bowl))
        let (samples, _) = try AudioLoader.loadStereo(path: path, engineRate: 48_000)
        // RMS in 50 ms windows over seconds 2–6, with the exponential decay taken out
        let windows = (40..<120).map { w -> Double in
            let slice = samples[(w * 4800)..<((w + 1) * 4800)]
            return 10 * log10(slice.reduce(0.0) { $0 + Double($1 * $1) } / Double(slice.count))
        }
        let detrended = windows.enumerated().map {
            $0.element + Double($0.offset) * (windows.first! - windows.last!) / Double(windows.count)
        }
        #expect(detrended.max()! - detrended.min()! > 3, "a beating bowl swells by several dB")
    }

    @Test("a gong name is a bundled sound; anything with a slash or dot is a file; others are refused")
    func gongChoice() throws {
        #expect(try GongChoice(argument: "bell") == .bundled(.bell))
        #expect(try GongChoice(argument: "./mine.wav") == .file("./mine.wav"))
        #expect(throws: SoundError.unknownName("gongg")) { try GongChoice(argument: "gongg") }
    }

    @Test("MEDITATE_SOUNDS points the locator to another folder first")
    func environmentOverride() {
        let locator = SoundLocator(environment: ["MEDITATE_SOUNDS": "/opt/sounds"], executablePath: "/usr/bin/meditate")
        #expect(locator.candidates.prefix(3) == ["/opt/sounds", "/usr/bin/sounds", "/usr/share/meditate/sounds"])
    }
}
