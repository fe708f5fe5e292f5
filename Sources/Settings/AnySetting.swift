import Foundation
import Localization

/// A setting of any type, for the registry, `config list` and the file parser.
package protocol AnySetting: Sendable {
    var name: String { get }
    var summary: Phrase { get }
    var expectation: Phrase { get }
    var belongsInConfig: Bool { get }
    var defaultText: String? { get }
    var flagHelp: Phrase? { get }
    var valueName: String? { get }
    /// Its values, when they are a few words.
    var choices: [String] { get }
    /// How the history's note of a sit says it (nil: it does not).
    var noteWords: NoteWords? { get }
    /// Whether the phone's page offers it, when it is a sit's option.
    var offeredOnPage: Bool { get }
    /// The canonical text a request's member gives; nil when it is not given.
    func givenText(in members: RequestMembers) throws -> String?
    /// A canonical text as a reply gives it.
    func member(canonical text: String) -> MemberValue
    /// The value's canonical text, or why `text` is not a valid value.
    func canonical(_ text: String) throws(SettingProblem) -> String
    func tomlLiteral(canonical text: String) -> String
}

extension AnySetting {
    /// Its member in a request, as the flag of the same name takes it.
    package var requestOption: RequestOption { RequestOption(name, valueName: valueName, choices: choices) }

    /// The flag's help in the run's language, with its default as that language writes it.
    package var help: String? {
        guard let flagHelp else { return nil }
        let shown = defaultText.map { Language.current.decimal($0) } ?? ""
        return flagHelp.text.replacingOccurrences(of: "{default}", with: shown)
    }

    /// `MEDITATE_GONG_VOLUME` for `gong-volume`.
    package var environmentName: String {
        // The standard library's map, not Foundation's replacingOccurrences, which bridges
        // through NSString: every run reads the environment name of every setting.
        "MEDITATE_" + String(name.uppercased().map { $0 == "-" ? "_" : $0 })
    }
}

extension AnySetting {
    /// Checks a flag's value against the key's range, worded for the command line:
    /// "--latency-ms must be a number of milliseconds from 20 to 2000, not '5'".
    package func checkFlag<Value: SettingValue>(_ value: Value) throws(SettingsError) {
        do {
            _ = try canonical(value.settingText)
        } catch {
            throw .invalidFlag(problem: error)
        }
    }
}
