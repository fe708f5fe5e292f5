import Localization
import Practice
import Settings

/// The one line a command prints for a failure, in the run's language: the engine's errors as
/// the service words them (`FailureLine`), ArgumentParser's own translated by `ParserMessages`.
enum ErrorMessages {
    static func line(for error: any Error) -> String {
        if Language.current == .de, let german = FailureLine.german(error) { return german }
        return SystemReason.english(ParserMessages.error(FailureLine.firstLine(Meditate.message(for: error))))
    }
}
