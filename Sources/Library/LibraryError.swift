import Foundation

/// What went wrong with the library, one line each for the person at the terminal.
public enum LibraryError: LocalizedError, Equatable {
    case database(path: String, reason: String)
    case unreadable(path: String, reason: String)
    case notAudio(path: String, reason: String)
    case noSuchTrack(reference: String)
    case ambiguous(reference: String, candidates: [String])
    case copyFailed(path: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case let .database(path, reason):
            return "the library at '\(path)' cannot be used: \(reason)"
        case let .unreadable(path, reason):
            return "'\(path)': cannot read the file (\(reason))"
        case let .notAudio(_, reason):
            return reason
        case let .noSuchTrack(reference):
            return "no track '\(reference)' in the library (see `meditate library list`)"
        case let .ambiguous(reference, candidates):
            return "'\(reference)' matches \(candidates.count) tracks (\(candidates.prefix(4).joined(separator: ", "))"
                + (candidates.count > 4 ? ", …" : "") + "); give its id or more of the title"
        case let .copyFailed(path, reason):
            return "'\(path)': cannot copy it into the library (\(reason))"
        }
    }
}
