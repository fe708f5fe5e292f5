import Foundation

/// Why a file could not be decoded, worded for the person who named the file.
public enum DecoderError: LocalizedError, Equatable {
    case fileNotFound(path: String)
    case unreadable(path: String, reason: String)
    case empty(path: String)
    case notAudio(path: String)
    case truncated(path: String, shortfall: Shortfall)
    case decodeFailed(path: String, reason: String)
    case resamplerFailed(reason: String)
    /// A path that is not a regular file (a FIFO, a device, a socket, a folder).
    case notRegularFile(path: String, kind: FileKind)
    /// A file that holds, or whose header claims, more than `SourceFormat.maxSeconds`.
    case implausibleLength(path: String)
    /// A file whose header claims more audio than any sound of its use may have.
    case tooLong(path: String, seconds: Int, limit: Int)

    /// What a path that is not a regular file is.
    public enum FileKind: Sendable, Equatable {
        case directory, fifo, characterDevice, blockDevice, socket, other

        public var english: String {
            switch self {
            case .directory: "a folder"
            case .fifo: "a FIFO"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .socket: "a socket"
            case .other: "a special file"
            }
        }
    }

    public var errorDescription: String? {
        switch self {
        case let .fileNotFound(path):
            return "'\(path)': no such file"
        case let .unreadable(path, reason):
            return "'\(path)': cannot read the file (\(reason))"
        case let .empty(path):
            return "'\(path)': the file is empty"
        case let .notAudio(path):
            return "'\(path)': not an audio file this program can read (MP3, WAV, FLAC, Ogg, AIFF)"
        case let .truncated(path, shortfall):
            return "'\(path)': the file is truncated (\(shortfall.english))"
        case let .decodeFailed(path, reason):
            return "'\(path)': decoding failed (\(reason))"
        case let .resamplerFailed(reason):
            return "resampling failed (\(reason))"
        case let .notRegularFile(path, kind):
            return "'\(path)': \(kind.english), not a regular file"
        case let .implausibleLength(path):
            return
                "'\(path)': its header claims more than \(SourceFormat.maxSeconds / 3600) hours of audio; the file is damaged"
        case let .tooLong(path, seconds, limit):
            return
                "'\(path)': \(seconds / 60) min \(seconds % 60) s is too long for a gong (at most \(limit / 60) min); play it with --guided"
        }
    }
}
