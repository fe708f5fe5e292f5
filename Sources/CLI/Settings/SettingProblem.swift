import Foundation

/// Why a value does not fit its setting; the caller says where the value came from.
struct SettingProblem: Error, Equatable {
    let key: String
    let expectation: Phrase
    /// The value as given, quoted, or what kind of value it was: "'2'", "a TOML array".
    let given: String

    /// "must be a volume from 0 to 1, not '2'", in the run's language.
    var reason: String {
        localized("must be \(expectation.text), not \(given)", de: "muss \(expectation.text) sein, nicht \(given)")
    }
}
