import Foundation

/// A value from config.toml, a preset or a MEDITATE_* variable that names something that cannot
/// be had, said with where the value came from (exit 1: the command line was fine).
package struct SettingUseFailure: LocalizedError {
    package let line: String

    package init(line: String) { self.line = line }
    package var errorDescription: String? { line }
}
