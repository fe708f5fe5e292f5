import Foundation

/// A value from config.toml, a preset or a MEDITATE_* variable that names something that cannot
/// be had, said with where the value came from; or a flag's, said with the flag's name.
package struct SettingUseFailure: LocalizedError {
    package let line: String
    /// What could not be had (a missing file), for the exit status: a flag's value is judged as
    /// what it names; a setting's without one is a configuration error.
    package let underlying: (any Error)?

    package init(line: String, underlying: (any Error)? = nil) {
        self.line = line
        self.underlying = underlying
    }
    package var errorDescription: String? { line }
}
