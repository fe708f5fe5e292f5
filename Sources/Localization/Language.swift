import Foundation
import Synchronization

/// The languages meditate speaks to a person in.
package enum Language: String, CaseIterable, Sendable {
    case en, de

    /// `--lang` when given, else the locale variables in POSIX order (LC_ALL, LC_MESSAGES, LANG):
    /// `de_DE.UTF-8`, `de_AT` and `de` speak German; anything else, C and POSIX among them, English.
    package static func chosen(flag: String?, environment: [String: String] = ProcessEnvironment.variables) -> Language
    {
        if let flag, let language = Language(rawValue: flag) { return language }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return value.lowercased().hasPrefix("de") ? .de : .en
        }
        return .en
    }

    /// The language of this run, set once at start; while the service answers a client that
    /// asked for another (`hello`'s `lang`), that one.
    package static var current: Language { requested ?? chosenLanguage.withLock { $0 } }

    /// The language a client asked for, bound while its request is carried out.
    @TaskLocal package static var requested: Language?

    package static func use(_ language: Language) { chosenLanguage.withLock { $0 = language } }

    private static let chosenLanguage = Mutex(Language.en)

    /// A decimal as this language writes it: 7.5 or 7,5.
    package func decimal(_ text: String) -> String {
        self == .de ? text.replacingOccurrences(of: ".", with: ",") : text
    }
}
