import Foundation

/// Why audio could not be written or played.
public enum OutputError: LocalizedError, Equatable {
    case cannotCreate(path: String, reason: String)
    case writeFailed(path: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case let .cannotCreate(path, reason): return "cannot write '\(path)': \(reason)"
        case let .writeFailed(path, reason): return "writing '\(path)' failed: \(reason)"
        }
    }
}
