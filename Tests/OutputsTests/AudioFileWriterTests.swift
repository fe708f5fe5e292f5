import Foundation
import Testing

@testable import Outputs

@Suite("WAV writer")
struct AudioFileWriterTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("meditate-writer-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    @Test("16-bit output clips over-full samples instead of wrapping, rounds to nearest, keeps zero")
    func sixteenBitClipsAndRounds() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // Given samples beyond full scale, between steps, and exactly zero
        let path = folder.appendingPathComponent("clip.wav").path
        let samples: [Float] = [1.5, -1.5, 0.5, -0.25, 0, -0.0, 1, -1]
        let writer = try AudioFileWriter(destination: path, sampleRate: 48_000, format: .s16, expectedFrames: 4)
        try samples.withUnsafeBufferPointer { try writer.write($0) }
        // When the file is committed
        #expect(!FileManager.default.fileExists(atPath: path), "nothing under the name before commit")
        try writer.commit()
        // Then it is a plain PCM WAV whose samples clip at ±32767 and round 16383.5 to 16384
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.prefix(4) == Data("RIFF".utf8))
        #expect(data[20] == 1 && data[21] == 0, "format tag 1: plain PCM")
        let values = stride(from: 44, to: data.count, by: 2).map {
            Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8)
        }
        #expect(values == [32767, -32767, 16384, -8192, 0, 0, 32767, -32767])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["clip.wav"])
    }

    @Test("an abandoned file leaves nothing behind")
    func abandonLeavesNothing() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("gone.wav").path
        let writer = try AudioFileWriter(destination: path, sampleRate: 48_000, format: .f32)
        try [Float](repeating: 0.5, count: 1000).withUnsafeBufferPointer { try writer.write($0) }
        writer.abandon()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
