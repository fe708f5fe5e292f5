import Foundation
import Testing

@testable import Decoders

let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures").path
func fixture(_ name: String) -> String { fixtures + "/" + name }

/// Decodes a whole file in its own format.
func decodeAll(_ decoder: any AudioDecoder) throws -> [Float] {
    var samples: [Float] = []
    var chunk = [Float](repeating: 0, count: 4096 * decoder.sourceFormat.channels)
    while true {
        let got = try chunk.withUnsafeMutableBufferPointer { try decoder.read(into: $0.baseAddress!, maxFrames: 4096) }
        if got == 0 { break }
        samples.append(contentsOf: chunk[0..<(got * decoder.sourceFormat.channels)])
    }
    return samples
}

/// Reads an engine-format reader from where it stands to its end, `blockFrames` at a time.
func readToEnd(_ reader: EngineFormatReader, blockFrames: Int) throws -> [Float] {
    var samples: [Float] = []
    var block = [Float](repeating: 0, count: blockFrames * 2)
    while true {
        let got = try block.withUnsafeMutableBufferPointer {
            try reader.read(into: $0.baseAddress!, maxFrames: blockFrames)
        }
        if got == 0 { break }
        samples.append(contentsOf: block[0..<(got * 2)])
    }
    return samples
}

@Suite("Decoders: sample counts")
struct DecoderSampleCountTests {
    @Test(
        "every PCM WAV format decodes to exactly its frames",
        arguments: ["pcm-u8.wav", "pcm-s16.wav", "pcm-s24.wav", "pcm-s32.wav", "pcm-f32.wav", "chord.flac", "chord.ogg"]
    )
    func pcmFrameCounts(name: String) throws {
        // Given a 12345-frame stereo file, when it is opened and decoded
        let decoder = try AudioFile.open(fixture(name))
        let samples = try decodeAll(decoder)
        // Then header and decoded audio both hold exactly 12345 frames
        #expect(decoder.sourceFormat == SourceFormat(sampleRate: 48_000, channels: 2))
        #expect(decoder.frameCount == 12_345)
        #expect(samples.count == 12_345 * 2)
    }

    @Test("integer and float WAVs decode to the same signal")
    func formatsAgree() throws {
        let reference = try decodeAll(AudioFile.open(fixture("pcm-f32.wav")))
        for (name, tolerance) in [
            ("pcm-s16.wav", Float(1e-4)), ("pcm-s24.wav", 1e-4), ("pcm-s32.wav", 1e-4), ("pcm-u8.wav", 0.02)
        ] {
            let samples = try decodeAll(AudioFile.open(fixture(name)))
            let worst = zip(samples, reference).map { abs($0 - $1) }.max() ?? 1
            #expect(worst < tolerance, "\(name) differs from the float file by \(worst)")
        }
        #expect(reference.map(abs).max()! > 0.4)
    }

    @Test(
        "a LAME-tagged MP3 decodes gaplessly to exactly its original samples",
        arguments: ["lame-untagged.mp3", "vbr-xing.mp3", "id3v1.mp3", "id3v22.mp3", "id3v23.mp3", "id3v24.mp3"])
    func gaplessMP3(name: String) throws {
        let decoder = try AudioFile.open(fixture(name))
        let samples = try decodeAll(decoder)
        #expect(decoder is MP3Decoder)
        #expect(decoder.sourceFormat == SourceFormat(sampleRate: 44_100, channels: 2))
        #expect(decoder.frameCount == 49_997)
        #expect(samples.count == 49_997 * 2)
    }

    @Test(
        "mono 22.05 kHz WAV and MPEG-2 MP3 come out stereo at 48 kHz with the right duration",
        arguments: ["mono-22k05.wav", "mono-22k05.mp3"])
    func monoResampled(name: String) throws {
        // Given 11025 mono frames at 22.05 kHz (0.5 s)
        let (samples, _) = try AudioLoader.loadStereo(path: fixture(name), engineRate: 48_000)
        // Then 24000 stereo frames at 48 kHz, left equal to right, with the tone's level kept
        #expect(samples.count == 24_000 * 2)
        let left = stride(from: 0, to: samples.count, by: 2).map { samples[$0] }
        let right = stride(from: 1, to: samples.count, by: 2).map { samples[$0] }
        #expect(left == right)
        let middle = left[4000..<20000]
        let rms = (middle.map { $0 * $0 }.reduce(0, +) / Float(middle.count)).squareRoot()
        #expect(abs(rms - Float(0.5 / 2.0.squareRoot())) < 0.02)
    }

    @Test("resampling 44.1 kHz to 48 kHz keeps the exact duration and the tone's frequency")
    func resampledFrequency() throws {
        // Given the 49997-sample 44.1 kHz MP3 (440 Hz left, 550 Hz right)
        let reader = try EngineFormatReader(path: fixture("lame-untagged.mp3"), engineRate: 48_000)
        #expect(reader.frameCount == (49_997 * 48_000 + 22_050) / 44_100)
        let (samples, _) = try AudioLoader.loadStereo(path: fixture("lame-untagged.mp3"), engineRate: 48_000)
        #expect(samples.count == reader.frameCount * 2)
        // Then the tones (440 Hz left, 550 Hz right) sit at their frequencies at the engine rate;
        // a wrong ratio would move them to 479 and 599 Hz
        let left = stride(from: 2 * 1000, to: 2 * 49_000, by: 2).map { samples[$0] }
        let right = stride(from: 2 * 1000 + 1, to: 2 * 49_000, by: 2).map { samples[$0] }
        #expect(tonePower(left, hertz: 440, rate: 48_000) > 1000 * tonePower(left, hertz: 479, rate: 48_000))
        #expect(tonePower(right, hertz: 550, rate: 48_000) > 1000 * tonePower(right, hertz: 599, rate: 48_000))
    }

    @Test("a resampling reader without its decode-ahead thread delivers the same samples as with it")
    func decodeAheadChangesNothing() throws {
        // Given the 44.1 kHz MP3 read at 48 kHz twice: decoding on a thread of its own, and inline
        func readAll(decodeAhead: Bool) throws -> [Float] {
            let reader = try EngineFormatReader(
                path: fixture("lame-untagged.mp3"), engineRate: 48_000,
                decodeAhead: decodeAhead)
            // An odd block size, so the two paths refill at different points
            let samples = try readToEnd(reader, blockFrames: 1_001)
            #expect(samples.count / 2 == reader.frameCount)
            return samples
        }

        // When both are read to the end
        let ahead = try readAll(decodeAhead: true)
        let inline = try readAll(decodeAhead: false)

        // Then they are identical, sample for sample, and not silence
        #expect(ahead == inline)
        #expect((inline.map(abs).max() ?? 0) > 0.1)
    }

    @Test("seeking a resampled reader continues with the same audio from that frame")
    func seekResampled() throws {
        // Given the whole 44.1 kHz MP3 read at 48 kHz
        let (all, _) = try AudioLoader.loadStereo(path: fixture("lame-untagged.mp3"), engineRate: 48_000)
        // When another reader seeks to engine frame 20000 and reads on
        let reader = try EngineFormatReader(path: fixture("lame-untagged.mp3"), engineRate: 48_000)
        try reader.seek(toFrame: 20_000)
        let rest = try readToEnd(reader, blockFrames: reader.frameCount)
        // Then it delivers exactly the remaining frames, matching the full read once the
        // restarted filter has settled
        #expect(rest.count / 2 == reader.frameCount - 20_000)
        let settled = 200
        let worst = zip(rest[(settled * 2)...], all[((20_000 + settled) * 2)...]).map { abs($0 - $1) }.max() ?? 1
        #expect(worst < 1e-3)
    }

    @Test("seeking lands on the requested frame")
    func seek() throws {
        let decoder = try AudioFile.open(fixture("pcm-f32.wav"))
        let all = try decodeAll(decoder)
        try decoder.seek(toFrame: 10_000)
        let rest = try decodeAll(decoder)
        #expect(rest == Array(all[(10_000 * 2)...]))
        let mp3 = try AudioFile.open(fixture("lame-untagged.mp3"))
        let mp3All = try decodeAll(mp3)
        try mp3.seek(toFrame: 30_000)
        let mp3Rest = try decodeAll(mp3)
        #expect(mp3Rest.count == (49_997 - 30_000) * 2)
        #expect(zip(mp3Rest, mp3All[(30_000 * 2)...]).allSatisfy { abs($0 - $1) < 1e-4 })
    }
}

@Suite("Decoders: headers libmpg123 does not know")
struct DecoderVBRITests {
    @Test("a VBRI header frame is not audio: the file decodes to its 45 audio frames, and seeks skip the header")
    func vbriHeaderFrameIsSkipped() throws {
        // Given lame's 45 frames of the tone behind a Fraunhofer VBRI header frame
        let decoder = try AudioFile.open(fixture("vbri.mp3"))
        // When it is decoded whole, and again from frame 20000
        let all = try decodeAll(decoder)
        try decoder.seek(toFrame: 20_000)
        let rest = try decodeAll(decoder)
        // Then it is 45 × 1152 frames, the first of which is not the header's silence block
        #expect(decoder.frameCount == 51_840)
        #expect(all.count == 51_840 * 2)
        #expect(rest.count == (51_840 - 20_000) * 2)
        #expect(zip(rest, all[(20_000 * 2)...]).allSatisfy { abs($0 - $1) < 1e-4 })
        // lame's 576-sample encoder delay plus the decoder's 529 precede the tone; a 1152-sample
        // silent header frame left in would push the onset past 2200
        let onset = try #require(all.indices.first { abs(all[$0]) > 1e-3 }) / 2
        #expect(onset < 1_152 + 100, "onset \(onset)")
    }
}

@Suite("Decoders: tags")
struct DecoderTagTests {
    @Test(
        "tags of every ID3 version are read; genre numbers are named; UTF-8 survives",
        arguments: [
            (
                "id3v1.mp3",
                AudioMetadata(
                    title: "Morning Sit", artist: "Ajahn Example", album: "Retreat Tapes",
                    genre: "Meditative", comment: "recorded 1999")
            ),
            (
                "id3v22.mp3",
                AudioMetadata(
                    title: "Body Scan", artist: "Old Teacher", album: "Legacy Tapes",
                    genre: "Meditative", comment: "a v2.2 comment")
            ),
            (
                "id3v23.mp3",
                AudioMetadata(
                    title: "Evening Sit", artist: "Teacher Two", album: "Second Album",
                    genre: "New Age", comment: "a v2.3 comment")
            ),
            (
                "id3v24.mp3",
                AudioMetadata(
                    title: "Stille – Übung", artist: "Lehrerin Müller", album: "Achtsamkeit",
                    genre: "Meditative", comment: "ein v2.4 Kommentar")
            ),
            ("lame-untagged.mp3", AudioMetadata()),
            ("wav-id3.wav", AudioMetadata(title: "Yoga Nidra", artist: "Swami Test", album: "Deep Rest"))
        ])
    func tags(name: String, expected: AudioMetadata) throws {
        #expect(try AudioFile.open(fixture(name)).metadata == expected)
    }
}

@Suite("Decoders: bad files")
struct DecoderBadFileTests {
    @Test(
        "each bad file gives its own error",
        arguments: [
            ("missing.mp3", DecoderError.fileNotFound(path: fixture("missing.mp3"))),
            ("empty.mp3", DecoderError.empty(path: fixture("empty.mp3"))),
            ("text.mp3", DecoderError.notAudio(path: fixture("text.mp3")))
        ])
    func badFile(name: String, expected: DecoderError) {
        #expect(throws: expected) { try AudioFile.open(fixture(name)) }
    }

    @Test(
        "a truncated MP3 and a truncated WAV are reported as truncated",
        arguments: ["truncated.mp3", "truncated.wav"])
    func truncated(name: String) {
        do {
            _ = try AudioLoader.loadStereo(path: fixture(name), engineRate: 48_000)
            Issue.record("\(name) decoded without an error")
        } catch let error {
            guard case .truncated = error else {
                Issue.record("expected truncated, got \(error)")
                return
            }
            #expect(error.localizedDescription.contains("truncated"))
        }
    }

    @Test("a directory is not mistaken for a file")
    func directory() {
        #expect(throws: DecoderError.unreadable(path: fixtures, reason: "it is a directory")) {
            try AudioFile.open(fixtures)
        }
    }
}

/// Power of one frequency in a Hann-windowed signal (Goertzel).
func tonePower(_ signal: [Float], hertz: Double, rate: Double) -> Double {
    let n = signal.count
    let coefficient = 2 * cos(2 * Double.pi * hertz / rate)
    var s1 = 0.0, s2 = 0.0
    for (i, x) in signal.enumerated() {
        let window = 0.5 - 0.5 * cos(2 * Double.pi * Double(i) / Double(n - 1))
        let s0 = Double(x) * window + coefficient * s1 - s2
        s2 = s1
        s1 = s0
    }
    return s1 * s1 + s2 * s2 - coefficient * s1 * s2
}
