import ArgumentParser
import Control
import Decoders
import Library
import Outputs
import Session
import Settings

/// The one line a person reads for a failure, in the run's language. The engine's errors carry
/// their English text (`errorDescription`); the German texts live here, with the CLI that
/// speaks German. The CLI's own errors are worded in both languages where they are declared.
enum ErrorMessages {
    static func line(for error: any Error) -> String {
        if Language.current == .de, let german = german(error) { return german }
        return ParserMessages.error(firstLine(Meditate.message(for: error)))
    }

    private static func german(_ error: any Error) -> String? {
        switch error {
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

    /// ArgumentParser's own errors may span lines; the first names the problem.
    private static func firstLine(_ message: String) -> String {
        let first = message.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? message
        return first.hasPrefix("Error: ") ? String(first.dropFirst(7)) : first
    }
}
