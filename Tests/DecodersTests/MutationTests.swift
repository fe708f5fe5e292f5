import Foundation
import Testing
import WAVTestSupport

@testable import Decoders

@Suite("Decoders: thousands of mutated files")
struct MutationTests {
    static let seeds = [
        "chord.flac", "chord.ogg", "id3v1.mp3", "id3v22.mp3", "id3v23.mp3", "id3v24.mp3", "lame-untagged.mp3",
        "mono-22k05.mp3", "mono-22k05.wav", "mpeg25-8k.mp3", "pcm-f32.wav", "pcm-s16.wav", "pcm-s24.wav",
        "pcm-u8.wav", "vbr-xing.mp3", "vbri.mp3", "wav-id3.wav"
    ]

    /// Opens and reads `path` as playback and import do, up to `limit` engine frames; whatever
    /// it throws must be a DecoderError, and whatever it reads must be sound.
    static func exercise(_ path: String, limit: Int = 5 * 48_000) -> (opened: Bool, problem: String?) {
        do {
            let decoder = try AudioFile.open(path)
            _ = decoder.metadata
            let reader = try EngineFormatReader(decoder: decoder, engineRate: 48_000, decodeAhead: false)
            var block = [Float](repeating: 0, count: 4096 * 2)
            var total = 0
            while total < limit {
                let got = try block.withUnsafeMutableBufferPointer {
                    try reader.read(into: $0.baseAddress!, maxFrames: 4096)
                }
                if got == 0 { break }
                if let bad = block[0..<(2 * got)].first(where: { !$0.isFinite || abs($0) > 16 }) {
                    return (true, "sample \(bad) reached the reader")
                }
                total += got
            }
            return (true, nil)
        } catch is DecoderError {
            return (false, nil)
        } catch {
            return (false, "threw \(error), not a DecoderError")
        }
    }

    @Test("6000 mutants of every kind of fixture decode or are refused with a DecoderError; none traps or hangs")
    func mutantsNeverTrap() throws {
        // Given the fixtures and an AIFF, mutated with a fixed seed
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "meditate-mutants-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try writeSineAIFF(path: folder + "/seed.aiff", frames: 4000)
        var seeds = try Self.seeds.map {
            (name: $0, bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture($0)))))
        }
        seeds.append(("seed.aiff", [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/seed.aiff")))))
        var random = SplitMix64(state: 20_261_123)
        var opened = 0
        var problems: [String] = []
        // When each mutant is opened and read as playback would
        for index in 0..<6000 {
            let seed = seeds[index % seeds.count]
            let path = folder + "/\(index)-" + seed.name
            try Data(mutate(seed.bytes, with: &random)).write(to: URL(fileURLWithPath: path))
            let outcome = Self.exercise(path)
            if outcome.opened { opened += 1 }
            if let problem = outcome.problem { problems.append("\(index)-\(seed.name): \(problem)") }
            try? FileManager.default.removeItem(atPath: path)
        }
        // Then nothing but DecoderErrors, no unplayable sample, and the mutants were not all refused
        #expect(problems.isEmpty, "\(problems.prefix(10))")
        #expect(opened > 1000, "only \(opened) of 6000 mutants opened: the mutations test little")
    }
}
