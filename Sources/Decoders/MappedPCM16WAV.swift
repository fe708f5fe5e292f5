import Glibc

/// A plain 16-bit stereo PCM WAV mapped into memory, read-only: its samples are used where they
/// lie in the page cache, neither decoded nor copied. A bundled gong is 20 s: decoded to Float32
/// it is 7.7 MB of memory faulted in, filled and freed again on every run.
///
/// Only for files nobody rewrites while they are mapped (the bundled sounds, which installs
/// replace, never truncate): a mapped file cut short under the reader ends the process.
public final class MappedPCM16WAV: @unchecked Sendable {
    public let sampleRate: Int
    public let frameCount: Int
    /// Interleaved left and right, `frameCount * 2` of them, little-endian as the file stores them.
    public let samples: UnsafeBufferPointer<Int16>
    private let mapping: UnsafeMutableRawPointer
    private let mappedBytes: Int

    /// Nil when the file is not a stereo 16-bit PCM WAV (or cannot be mapped): decode it instead.
    public init?(path: String) {
        // The samples are used as they lie: only on a little-endian machine, as WAV stores them.
        guard 1.littleEndian == 1 else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size >= 44 else { return nil }
        let size = Int(status.st_size)
        // Populated now, on the control side: the mixer thread then finds every page mapped and
        // never waits for the disk inside a render.
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0), mapped != MAP_FAILED
        else {
            return nil
        }
        let bytes = UnsafeRawBufferPointer(start: mapped, count: size)
        guard let layout = Self.layout(of: bytes) else {
            munmap(mapped, size)
            return nil
        }
        mapping = mapped
        mappedBytes = size
        sampleRate = layout.sampleRate
        frameCount = layout.dataBytes / 4
        samples = UnsafeBufferPointer(
            start: (mapped + layout.dataOffset).assumingMemoryBound(to: Int16.self),
            count: frameCount * 2)
    }

    deinit { munmap(mapping, mappedBytes) }

    /// Where a RIFF/WAVE file's samples are, when its format chunk says stereo 16-bit PCM.
    static func layout(of file: UnsafeRawBufferPointer) -> (sampleRate: Int, dataOffset: Int, dataBytes: Int)? {
        func word(_ offset: Int) -> UInt32 {
            UInt32(littleEndian: file.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        }
        func half(_ offset: Int) -> UInt16 {
            UInt16(littleEndian: file.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
        }
        func tag(_ offset: Int) -> String { String(decoding: file[offset..<(offset + 4)], as: UTF8.self) }
        guard file.count >= 12, tag(0) == "RIFF", tag(8) == "WAVE" else { return nil }
        var offset = 12
        var sampleRate: Int?
        while offset + 8 <= file.count {
            let length = Int(word(offset + 4))
            let body = offset + 8
            switch tag(offset) {
            case "fmt ":
                // Format 1 (PCM), two channels, four bytes a frame, sixteen bits a sample.
                guard length >= 16, body + 16 <= file.count, half(body) == 1, half(body + 2) == 2,
                    half(body + 12) == 4, half(body + 14) == 16
                else { return nil }
                sampleRate = Int(word(body + 4))
            case "data":
                // Samples stay aligned for Int16: RIFF chunks start on even offsets. A file cut
                // short is left to the decoder, which says so.
                guard let sampleRate, body % 2 == 0, length >= 4, body + length <= file.count else { return nil }
                return (sampleRate, body, length / 4 * 4)
            default:
                break
            }
            offset = body + length + (length & 1)
        }
        return nil
    }
}
