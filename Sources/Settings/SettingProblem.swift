import Foundation
import Localization

/// Why a value does not fit its setting; the caller says where the value came from.
package struct SettingProblem: Error, Equatable {
    package let key: String
    package let expectation: Phrase
    /// The value as given, quoted, or what kind of value it was: "'2'", "a TOML array".
    package let given: String

    /// "must be a volume from 0 to 1, not '2'", in the run's language.
    package var reason: String {
        localized("must be \(expectation.text), not \(given)", de: "muss \(expectation.text) sein, nicht \(given)")
    }
}
