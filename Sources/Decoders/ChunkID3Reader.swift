import Foundation

/// Tags from an ID3 chunk inside a WAV (RIFF) or AIFF (FORM) file, which libsndfile does not
/// read: the chunk is found by walking the file's chunk list, its tag parsed by libid3tag.
enum ChunkID3Reader {
    static func metadata(path: String) -> AudioMetadata? {
        findChunk(path: path).flatMap(ID3TagText.metadata(tag:))
    }

    /// The bytes of the first `id3 ` or `ID3 ` chunk, if the file has one.
    private static func findChunk(path: String) -> Data? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 12), header.count == 12 else { return nil }
        let bigEndian: Bool
        switch String(decoding: header.prefix(4), as: UTF8.self) {
        case "RIFF": bigEndian = false
        case "FORM": bigEndian = true
        default: return nil
        }
        var offset: UInt64 = 12
        // A bound on the walk: a corrupt size must not send it round forever.
        for _ in 0..<1000 {
            guard (try? handle.seek(toOffset: offset)) != nil,
                let chunkHeader = try? handle.read(upToCount: 8), chunkHeader.count == 8
            else { return nil }
            let bytes = [UInt8](chunkHeader)
            let size =
                bigEndian
                ? UInt64(bytes[4]) << 24 | UInt64(bytes[5]) << 16 | UInt64(bytes[6]) << 8 | UInt64(bytes[7])
                : UInt64(bytes[7]) << 24 | UInt64(bytes[6]) << 16 | UInt64(bytes[5]) << 8 | UInt64(bytes[4])
            let id = String(decoding: bytes.prefix(4), as: UTF8.self)
            if id == "id3 " || id == "ID3 " {
                guard size <= ID3TagText.largestTag, let data = try? handle.read(upToCount: Int(size)) else {
                    return nil
                }
                return data
            }
            // Chunks are padded to an even length.
            offset += 8 + size + (size & 1)
        }
        return nil
    }
}
