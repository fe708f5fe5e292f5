import CID3Tag
import Foundation

/// The title, artist and album of an ID3v2 tag's bytes, parsed by libid3tag: every string of
/// every frame of an id, in the tag's order, each once, joined with '/' as ID3v2.3 writes several
/// values. A tag may hold a frame twice (mutagen's test corpus has two TPE1, 'piman' and 'jzig');
/// libmpg123 keeps only the last, and a frame may hold several strings (ID3v2.4's NULs).
enum ID3TagText {
    /// The most of a tag that is read: a larger size is a corrupt header, or pictures.
    static let largestTag = 16 << 20

    static func metadata(tag: Data) -> AudioMetadata? {
        tag.withUnsafeBytes { bytes -> AudioMetadata? in
            guard let base = bytes.bindMemory(to: UInt8.self).baseAddress,
                let parsed = id3_tag_parse(base, id3_length_t(bytes.count))
            else { return nil }
            defer { id3_tag_delete(parsed) }
            let metadata = AudioMetadata(
                title: text("TIT2", in: parsed), artist: text("TPE1", in: parsed), album: text("TALB", in: parsed),
                trackNumber: AudioMetadata.trackNumber(text("TRCK", in: parsed)))
            return metadata == AudioMetadata() ? nil : metadata
        }
    }

    /// The ID3v2 tag at the start of the file at `path` (an MP3's), if it has one.
    static func leadingTag(path: String) -> Data? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 10), header.count == 10 else { return nil }
        let bytes = [UInt8](header)
        // "ID3", a version byte and a revision byte below 0xFF, flags, a synchsafe size.
        guard bytes[0] == 0x49, bytes[1] == 0x44, bytes[2] == 0x33, bytes[3] < 0xFF, bytes[4] < 0xFF,
            bytes[6..<10].allSatisfy({ $0 < 0x80 })
        else { return nil }
        let size = bytes[6..<10].reduce(0) { $0 << 7 | Int($1) }
        // A footer (ID3v2.4's flag 0x10) adds ten bytes after the frames.
        let whole = 10 + size + (bytes[5] & 0x10 != 0 ? 10 : 0)
        guard whole <= largestTag, let rest = try? handle.read(upToCount: whole - 10), rest.count == whole - 10 else {
            return nil
        }
        return header + rest
    }

    private static func text(_ frameID: String, in tag: UnsafeMutablePointer<id3_tag>) -> String? {
        var values: [String] = []
        // A bound on the frames looked at: a tag holds at most a few hundred.
        for index in 0..<1024 {
            guard let frame = id3_tag_findframe(tag, frameID, UInt32(index)) else { break }
            guard frame.pointee.nfields > 1, let fields = frame.pointee.fields else { continue }
            let count = min(id3_field_getnstrings(fields + 1), 256)
            for string in 0..<count {
                guard let ucs4 = id3_field_getstrings(fields + 1, string), let utf8 = id3_ucs4_utf8duplicate(ucs4)
                else { continue }
                defer { free(utf8) }
                if let value = String(cString: utf8).nonBlank, !values.contains(value) { values.append(value) }
            }
        }
        return values.isEmpty ? nil : values.joined(separator: "/")
    }
}
