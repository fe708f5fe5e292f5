import Decoders
import Glibc

/// One input: written to a file (the decoders read paths), opened as playback opens it, and
/// read at 48 kHz up to 10 s. A DecoderError is a fine answer; a trap, a hang, or a sample
/// that is not sound is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoders(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let path = "/tmp/meditate-fuzz-\(getpid()).bin"
    let file = fopen(path, "wb")
    guard let file else { return 0 }
    fwrite(data, 1, count, file)
    fclose(file)
    defer { unlink(path) }
    do {
        let decoder = try AudioFile.open(path)
        _ = decoder.metadata
        let reader = try EngineFormatReader(decoder: decoder, engineRate: 48_000, decodeAhead: false)
        let block = UnsafeMutablePointer<Float>.allocate(capacity: 4096 * 2)
        defer { block.deallocate() }
        var total = 0
        while total < 10 * 48_000 {
            let got = try reader.read(into: block, maxFrames: 4096)
            if got == 0 { break }
            for index in 0..<(2 * got) where !(abs(block[index]) <= 16) {
                fatalError("an unplayable sample reached the reader: \(block[index])")
            }
            total += got
        }
    } catch {
        // Refused with a line: what a damaged file should get.
    }
    return 0
}
