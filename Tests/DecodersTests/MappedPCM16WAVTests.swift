import Foundation
import Testing

@testable import Decoders

@Suite("Mapped 16-bit WAV")
struct MappedPCM16WAVTests {
    @Test(
        "a stereo 16-bit WAV maps to exactly the samples libsndfile decodes, chunks after the data ignored",
        arguments: ["pcm-s16.wav", "wav-id3.wav"])
    func mapsWhatItDecodes(name: String) throws {
        // Given a stereo 16-bit PCM WAV (one with an ID3 chunk after its samples too)
        let path = fixture(name)
        let decoded = try decodeAll(try AudioFile.open(path))
        // When it is mapped
        let mapped = try #require(MappedPCM16WAV(path: path))
        // Then its samples, at libsndfile's full scale, are the decoded ones, all and only them
        #expect(mapped.sampleRate == 48_000)
        #expect(mapped.frameCount * 2 == decoded.count)
        #expect(mapped.samples.map { Float($0) / 32768 } == decoded)
    }

    @Test(
        "anything but a whole stereo 16-bit PCM WAV is left to the decoders (a file cut short too: they say so)",
        arguments: [
            "pcm-s24.wav", "pcm-f32.wav", "pcm-u8.wav", "mono-22k05.wav", "chord.flac", "lame-untagged.mp3",
            "truncated.wav", "no-such-file.wav"
        ])
    func refusesOtherFormats(name: String) {
        #expect(MappedPCM16WAV(path: fixture(name)) == nil)
    }
}
