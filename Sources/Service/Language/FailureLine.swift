import Control
import Decoders
import Foundation
import Library
import Outputs
import Session
import Settings

/// The one line a person reads for a failure, in the run's language: what the service logs and
/// answers, and (through the command line's `ErrorMessages`) what a command prints. The
/// engine's errors carry their English text (`errorDescription`); their German texts live here.
package enum FailureLine {
    package static func line(for error: any Error) -> String {
        if Language.current == .de, let german = german(error) { return german }
        return firstLine(english(error))
    }

    /// The German line for an error of the engine, the library or the control socket.
    package static func german(_ error: any Error) -> String? {
        switch error {
        case let error as RequestRefusal: error.line
        case let error as SessionPlanError: german(error)
        case let error as SoundError: german(error)
        case let error as CoordinatorError: german(error)
        case let error as DecoderError: german(error)
        case let error as LibraryError: german(error)
        case let error as OutputError: german(error)
        case let error as ControlError: german(error)
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
