import Foundation

/// Opens an audio file with the decoder that fits its content.
public enum AudioFile {
    /// Opens `path`, choosing libmpg123 for MPEG audio and libsndfile for everything else.
    public static func open(_ path: String) throws(DecoderError) -> any AudioDecoder {
        let head = try readHead(of: path)
        switch Container(head: head, path: path) {
        case .mpeg:
            return try MP3Decoder(path: path)
        case .riff:
            try checkChunkLength(head: head, path: path, bigEndian: false)
            return try SndFileDecoder(path: path)
        case .form:
            try checkChunkLength(head: head, path: path, bigEndian: true)
            return try SndFileDecoder(path: path)
        case .other:
            return try SndFileDecoder(path: path)
        }
    }

    private enum Container {
        case mpeg, riff, form, other

        init(head: [UInt8], path: String) {
            if head.starts(with: Array("ID3".utf8)) {
                self = .mpeg
            } else if head.count >= 2 && head[0] == 0xFF && head[1] & 0xE0 == 0xE0 {
                self = .mpeg
            } else if head.starts(with: Array("RIFF".utf8)) {
                self = .riff
            } else if head.starts(with: Array("FORM".utf8)) {
                // AIFF and AIFC: libsndfile reads a cut-off one as shorter without a word.
                self = .form
            } else if path.lowercased().hasSuffix(".mp3") && !head.starts(with: Array("RF64".utf8))
                && !head.starts(with: Array("fLaC".utf8)) && !head.starts(with: Array("OggS".utf8))
            {
                // MP3s may start with junk before the first frame; let libmpg123 look for sync.
                self = .mpeg
            } else {
                self = .other
            }
        }
    }

    private static func readHead(of path: String) throws(DecoderError) -> [UInt8] {
        try RegularFile.check(path)
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(path: path, reason: "permission denied")
        }
        defer { try? handle.close() }
        let head: Data
        do {
            head = try handle.read(upToCount: 12) ?? Data()
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        if head.isEmpty { throw .empty(path: path) }
        return Array(head)
    }

    /// libsndfile reads a cut-off WAV or AIFF without complaint; compare the size its RIFF or
    /// FORM chunk declares (little- or big-endian) with the file's.
    private static func checkChunkLength(head: [UInt8], path: String, bigEndian: Bool) throws(DecoderError) {
        guard head.count >= 8 else { throw .notAudio(path: path) }
        let size = bigEndian ? [head[7], head[6], head[5], head[4]] : [head[4], head[5], head[6], head[7]]
        let declared = Int(size[0]) | Int(size[1]) << 8 | Int(size[2]) << 16 | Int(size[3]) << 24
        // Streaming writers leave the size at 0 or all ones; those promise nothing.
        guard declared != 0, declared != 0xFFFF_FFFF else { return }
        let actual = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        if let actual, actual < declared + 8 {
            throw .truncated(path: path, shortfall: Shortfall(.bytes, promised: declared + 8, held: actual))
        }
    }
}
