import Foundation

/// Why a file could not be decoded, worded for the person who named the file.
public enum DecoderError: LocalizedError, Equatable {
    case fileNotFound(path: String)
    case unreadable(path: String, reason: String)
    case empty(path: String)
    case notAudio(path: String)
    case truncated(path: String, detail: String)
    case decodeFailed(path: String, reason: String)
    case resamplerFailed(reason: String)

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
        case let .truncated(path, detail):
            return "'\(path)': the file is truncated (\(detail))"
        case let .decodeFailed(path, reason):
            return "'\(path)': decoding failed (\(reason))"
        case let .resamplerFailed(reason):
            return "resampling failed (\(reason))"
        }
    }
}
