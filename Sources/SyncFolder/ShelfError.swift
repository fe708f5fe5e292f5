import Foundation
import Localization

/// A version that could not be written to the shelf's folder.
public struct ShelfError: LocalizedError, Equatable, Sendable, PhrasedError {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The English line (the German one: `phrase`).
    public var errorDescription: String? { phrase.english }

    package var phrase: Phrase {
        Phrase(
            "cannot write '\(path)': \(reason)",
            de: "kann '\(path)' nicht schreiben: \(SystemReason.german(reason))")
    }
}
