import Control
import Foundation
import Library
import Localization
import Settings

/// A schedule method called on the service, or, when no service answers on the default
/// socket, carried out on the library's database directly (the service reads it at its start).
enum ScheduleCall {
    /// The method's result; `byService` is false when no service answered and the database was
    /// changed or read directly: then nothing rings until a service runs.
    static func perform(
        _ method: String, _ params: JSONValue, options: CtlOptions, local: (LibraryDatabase) throws -> JSONValue
    ) throws -> (result: JSONValue, byService: Bool) {
        let client: ControlClient
        do {
            client = try options.connect()
        } catch let error as ControlError {
            guard options.socket == nil, case .cannotConnect = error else { throw error }
            let database = try LibraryDatabase(paths: LibraryPaths.configured())
            return (try local(database), false)
        }
        return (try client.call(method, params), true)
    }

    /// Says on stderr, when no service answered, that schedules sound only while one runs, and
    /// how to have it run; nothing for `--json`, whose reader asked for data. `added`: of the
    /// schedule just added, else of every one listed.
    static func tellWhenNoServiceRuns(byService: Bool, options: CtlOptions, added: Bool) {
        guard !byService, !options.json else { return }
        NoticeLine.teller(quiet: false)(
            localized(
                added
                    ? "no service runs: this schedule sounds only while `meditate serve` runs (systemctl --user enable --now meditate)"
                    : "no service runs: schedules sound only while `meditate serve` runs (systemctl --user enable --now meditate)",
                de: added
                    ? "es läuft kein Dienst: dieser Plan erklingt nur, während `meditate serve` läuft (systemctl --user enable --now meditate)"
                    : "es läuft kein Dienst: Pläne erklingen nur, während `meditate serve` läuft (systemctl --user enable --now meditate)"
            ))
    }
}
