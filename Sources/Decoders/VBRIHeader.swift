import Foundation

/// Finds the Fraunhofer VBRI header: the first MPEG frame (after any ID3v2 tag) carrying
/// "VBRI" 32 bytes after its 4-byte header, in place of audio.
enum VBRIHeader {
    static func isPresent(path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 10), head.count == 10 else { return false }
        var offset: UInt64 = 0
        let bytes = [UInt8](head)
        if bytes.starts(with: Array("ID3".utf8)) {
            // The tag's size is synchsafe (7 bits a byte), plus a footer when flagged.
            let size =
                UInt64(bytes[6] & 0x7F) << 21 | UInt64(bytes[7] & 0x7F) << 14
                | UInt64(bytes[8] & 0x7F) << 7 | UInt64(bytes[9] & 0x7F)
            offset = 10 + size + (bytes[5] & 0x10 != 0 ? 10 : 0)
        }
        guard (try? handle.seek(toOffset: offset)) != nil,
            let frame = try? handle.read(upToCount: 40), frame.count == 40
        else { return false }
        let header = [UInt8](frame)
        guard header[0] == 0xFF, header[1] & 0xE0 == 0xE0 else { return false }
        return header[36..<40].elementsEqual("VBRI".utf8)
    }
}
