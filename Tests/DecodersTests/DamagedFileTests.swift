import Foundation
import Testing
import WAVTestSupport

@testable import Decoders

/// A decoder whose header claims what a test says, for lengths no real file can be made with.
private final class ClaimingDecoder: AudioDecoder {
    let path = "claims.ogg"
    let sourceFormat = SourceFormat(sampleRate: 44_100, channels: 2)
    let frameCount: Int
    let metadata = AudioMetadata()
    init(frameCount: Int) { self.frameCount = frameCount }
    func read(into buffer: UnsafeMutablePointer<Float>, maxFrames: Int) throws(DecoderError) -> Int { 0 }
    func seek(toFrame frame: Int) throws(DecoderError) {}
}

@Suite("Decoders: damaged files")
struct DamagedFileTests {
    private func scratchPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("meditate-damaged-\(UUID().uuidString)-\(name)")
            .path
    }

    @Test("a header that claims an absurd length is refused with a line, not an overflow trap")
    func absurdLengthIsRefused() throws {
        // Given a decoder that claims 2^62 frames at 44.1 kHz (an Ogg whose last page lies)
        let decoder = ClaimingDecoder(frameCount: 1 << 62)
        // When it is read at 48 kHz, then the reader refuses it instead of multiplying
        #expect(throws: DecoderError.implausibleLength(path: "claims.ogg")) {
            _ = try EngineFormatReader(decoder: decoder, engineRate: 48_000, decodeAhead: false)
        }
    }

    @Test("samples that are not sound (3e38, NaN) reach nobody: they are read as silence and counted")
    func unplayableSamplesBecomeSilence() throws {
        // Given a float WAV whose every other frame is ±3e38 or NaN
        let path = scratchPath("loud.wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var samples = [Float](repeating: 0.5, count: 4800 * 2)
        for index in stride(from: 0, to: samples.count, by: 4) {
            samples[index] = 3e38
            samples[index + 1] = -3e38
            samples[index + 2] = .nan
        }
        try writeFloatWAV(path: path, samples: samples, sampleRate: 48_000, channels: 2)
        // When it is read as the engine plays it
        let reader = try EngineFormatReader(path: path, engineRate: 48_000, decodeAhead: false)
        let read = try readToEnd(reader, blockFrames: 1000)
        // Then every sample is finite and within +24 dBFS, the damaged ones are 0, and they are counted
        #expect(read.count == samples.count)
        #expect(read.allSatisfy { $0.isFinite && abs($0) <= 16 })
        #expect(read[0] == 0 && read[1] == 0 && read[2] == 0 && read[3] == 0.5)
        #expect(reader.replacedSamples == 3 * samples.count / 4)
    }

    @Test("an AIFF cut short is reported as truncated, as a WAV is")
    func truncatedAIFFIsTruncated() throws {
        // Given a 1-second AIFF of which only the first 50000 bytes are left
        let path = scratchPath("cut.aiff")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try writeSineAIFF(path: path, frames: 48_000, keepingBytes: 50_000)
        // When it is opened, then it is truncated
        #expect {
            _ = try AudioFile.open(path)
        } throws: { error in
            guard case .truncated? = error as? DecoderError else { return false }
            return true
        }
    }

    @Test("a whole AIFF still decodes to its frames")
    func wholeAIFFDecodes() throws {
        let path = scratchPath("whole.aiff")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try writeSineAIFF(path: path, frames: 12_345)
        let decoder = try AudioFile.open(path)
        #expect(decoder.frameCount == 12_345)
        #expect(try decodeAll(decoder).count == 12_345 * 2)
    }

    @Test("a FIFO, a character device and a link to one are refused without reading a byte")
    func specialFilesAreRefused() throws {
        // Given a FIFO (a read would block for ever) and a link to /dev/zero (it never ends)
        let fifo = scratchPath("fifo.mp3"), link = scratchPath("zero.wav")
        defer {
            unlink(fifo)
            unlink(link)
        }
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(symlink("/dev/zero", link) == 0)
        // When each is opened, then it is refused for what it is
        #expect(throws: DecoderError.notRegularFile(path: fifo, kind: .fifo)) { _ = try AudioFile.open(fifo) }
        #expect(throws: DecoderError.notRegularFile(path: link, kind: .characterDevice)) {
            _ = try AudioFile.open(link)
        }
    }
}
