import Foundation
import Localization

/// A request the coordinator refuses; each says what was asked and why it cannot be.
public enum CoordinatorError: LocalizedError, Equatable, Sendable, PhrasedError {
    case transitionNotAllowed(AudioSource, from: PlaybackState, to: PlaybackState)
    case notOwner(AudioSource)

    /// The English line (the German one: `phrase`).
    public var errorDescription: String? { phrase.english }

    /// The line in both languages.
    package var phrase: Phrase {
        switch self {
        case let .transitionNotAllowed(source, from, to):
            Phrase(
                "the \(source.rawValue) cannot go from \(from.rawValue) to \(to.rawValue)",
                de: "\(source.rawValue) kann nicht von \(from.rawValue) nach \(to.rawValue) wechseln")
        case let .notOwner(source):
            Phrase(
                "the \(source.rawValue) does not own the audio", de: "\(source.rawValue) besitzt die Audioausgabe nicht"
            )
        }
    }
}
