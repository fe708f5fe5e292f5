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
            try checkRIFFLength(head: head, path: path)
            return try SndFileDecoder(path: path)
        case .other:
            return try SndFileDecoder(path: path)
        }
    }

    private enum Container {
        case mpeg, riff, other

        init(head: [UInt8], path: String) {
            if head.starts(with: Array("ID3".utf8)) {
                self = .mpeg
            } else if head.count >= 2 && head[0] == 0xFF && head[1] & 0xE0 == 0xE0 {
                self = .mpeg
            } else if head.starts(with: Array("RIFF".utf8)) {
                self = .riff
            } else if path.lowercased().hasSuffix(".mp3") && !head.starts(with: Array("RF64".utf8))
                        && !head.starts(with: Array("fLaC".utf8)) && !head.starts(with: Array("OggS".utf8)) {
                // MP3s may start with junk before the first frame; let libmpg123 look for sync.
                self = .mpeg
            } else {
                self = .other
            }
        }
    }

    private static func readHead(of path: String) throws(DecoderError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .fileNotFound(path: path)
        }
        if isDirectory.boolValue { throw .unreadable(path: path, reason: "it is a directory") }
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

    /// libsndfile reads a cut-off WAV without complaint; compare the RIFF size with the file's.
    private static func checkRIFFLength(head: [UInt8], path: String) throws(DecoderError) {
        guard head.count >= 8 else { throw .notAudio(path: path) }
        let declared = Int(head[4]) | Int(head[5]) << 8 | Int(head[6]) << 16 | Int(head[7]) << 24
        // Streaming writers leave the size at 0 or all ones; those promise nothing.
        guard declared != 0, declared != 0xFFFF_FFFF else { return }
        let actual = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        if let actual, actual < declared + 8 {
            throw .truncated(path: path, detail: "its header promises \(declared + 8) bytes, it has \(actual)")
        }
    }
}
