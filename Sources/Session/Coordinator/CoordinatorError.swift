import Foundation

/// A request the coordinator refuses; each says what was asked and why it cannot be.
public enum CoordinatorError: LocalizedError, Equatable, Sendable {
    case transitionNotAllowed(AudioSource, from: PlaybackState, to: PlaybackState)
    case notOwner(AudioSource)

    public var errorDescription: String? {
        switch self {
        case let .transitionNotAllowed(source, from, to):
            "the \(source.rawValue) cannot go from \(from.rawValue) to \(to.rawValue)"
        case let .notOwner(source):
            "the \(source.rawValue) does not own the audio"
        }
    }
}
