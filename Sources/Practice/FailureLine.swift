import Control
import Decoders
import Foundation
import Library
import Localization
import Outputs
import Session
import Settings

/// The one line a person reads for a failure, in the run's language: what the service logs and
/// answers, and (through the command line's `ErrorMessages`) what a command prints. Every error
/// of the engine, the library, the outputs and the socket declares its line in both languages
/// where it is (`PhrasedError`); a request's refusal is worded in the language of whoever asked.
package enum FailureLine {
    package static func line(for error: any Error) -> String {
        if Language.current == .de, let german = german(error) { return german }
        return firstLine(english(error))
    }

    /// The German line of an error that has one.
    package static func german(_ error: any Error) -> String? {
        switch error {
        case let error as RequestRefusal: error.line
        case let error as any PhrasedError: error.phrase.german
        default: nil
        }
    }

    /// As ArgumentParser describes an error it does not know: its `errorDescription`, else the
    /// error as text.
    private static func english(_ error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
    }

    /// A message that spans lines is named by its first.
    package static func firstLine(_ message: String) -> String {
        let first = message.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? message
        return first.hasPrefix("Error: ") ? String(first.dropFirst(7)) : first
    }
}
