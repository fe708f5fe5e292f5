import Foundation

/// One setting, declared once: its name (the flag's long name, the config key, and after
/// `MEDITATE_` the environment variable), its type, default, valid range and where it may live.
struct Setting<Value: SettingValue>: AnySetting {
    let name: String
    let summary: Phrase
    /// What a valid value is, for messages: "a number of minutes, more than 0 and at most 1440".
    let expectation: Phrase
    /// False for what only describes one session (a seed, a track, bells): presets and flags only.
    let belongsInConfig: Bool
    let isValid: @Sendable (Value) -> Bool

    init(_ name: String, _ summary: Phrase, expecting expectation: Phrase,
         inConfig: Bool = true, isValid: @escaping @Sendable (Value) -> Bool = { _ in true }) {
        self.name = name
        self.summary = summary
        self.expectation = expectation
        belongsInConfig = inConfig
        self.isValid = isValid
    }

    var defaultText: String? { nil }

    /// The same setting with a value when nothing sets it.
    func defaulting(to value: Value) -> DefaultedSetting<Value> {
        DefaultedSetting(setting: self, defaultValue: value)
    }

    func canonical(_ text: String) throws(SettingProblem) -> String {
        guard let value = Value(settingText: text), isValid(value) else {
            throw SettingProblem(key: name, expectation: expectation, given: "'\(text)'")
        }
        return value.settingText
    }

    func tomlLiteral(canonical text: String) -> String {
        Value(settingText: text)?.tomlLiteral ?? TOMLString.literal(text)
    }

    /// The value of canonical text (text that `canonical` has accepted).
    func value(of text: String) -> Value? { Value(settingText: text) }
}

/// A setting that always has a value: its default when nothing sets it.
struct DefaultedSetting<Value: SettingValue>: AnySetting {
    let setting: Setting<Value>
    let defaultValue: Value

    var name: String { setting.name }
    var summary: Phrase { setting.summary }
    var expectation: Phrase { setting.expectation }
    var belongsInConfig: Bool { setting.belongsInConfig }
    var defaultText: String? { defaultValue.settingText }
    func canonical(_ text: String) throws(SettingProblem) -> String { try setting.canonical(text) }
    func tomlLiteral(canonical text: String) -> String { setting.tomlLiteral(canonical: text) }
}

/// A setting of any type, for the registry, `config list` and the file parser.
protocol AnySetting: Sendable {
    var name: String { get }
    var summary: Phrase { get }
    var expectation: Phrase { get }
    var belongsInConfig: Bool { get }
    var defaultText: String? { get }
    /// The value's canonical text, or why `text` is not a valid value.
    func canonical(_ text: String) throws(SettingProblem) -> String
    func tomlLiteral(canonical text: String) -> String
}

extension AnySetting {
    /// `MEDITATE_NOISE_VOLUME` for `noise-volume`.
    var environmentName: String {
        // The standard library's map, not Foundation's replacingOccurrences, which bridges
        // through NSString: every run reads the environment name of every setting.
        "MEDITATE_" + String(name.uppercased().map { $0 == "-" ? "_" : $0 })
    }
}

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

extension AnySetting {
    /// Checks a flag's value against the key's range, worded for the command line:
    /// "--latency-ms must be a number of milliseconds from 20 to 2000, not '5'".
    func checkFlag<Value: SettingValue>(_ value: Value) throws(SettingsError) {
        do {
            _ = try canonical(value.settingText)
        } catch {
            throw .invalidFlag(problem: error)
        }
    }
}
