import Foundation
import Localization

/// One setting, declared once: its name (the flag's long name, the config key, the request's
/// member, and after `MEDITATE_` the environment variable), its type, default, valid range,
/// where it may live, and its words for `config list` and `--help`.
package struct Setting<Value: SettingValue>: AnySetting {
    package let name: String
    package let summary: Phrase
    /// The flag's help, `{default}` standing for the default as the language writes it; nil for
    /// a setting that is no flag of a session (or whose command words its own).
    package let flagHelp: Phrase?
    /// What the value is called in `--help` (`<volume>`); the name itself when nil.
    package let valueName: String?
    /// What a valid value is, for messages: "a number of minutes, more than 0 and at most 1440".
    package let expectation: Phrase
    /// False for what only describes one session (a seed, a track, bells): presets and flags only.
    package let belongsInConfig: Bool
    package let isValid: @Sendable (Value) -> Bool
    /// How the history's note of a sit says it, when it says it at all.
    package let noteWords: NoteWords?
    /// Whether the phone's page offers it (a sit's option): false says, where it is declared,
    /// that the page leaves it to config.toml, and a test holds the page to it.
    package let offeredOnPage: Bool
    /// A setting with no default may be set to `none` (or, in a variable, to nothing): that
    /// layer then says "none this time", over whatever a weaker layer sets. False once
    /// `defaulting(to:)` gives it a value of its own.
    private(set) var clearable = true

    /// The canonical text of "none".
    package static var noneText: String { "none" }

    package init(
        _ name: String, _ summary: Phrase, expecting expectation: Phrase, inConfig: Bool = true,
        help flagHelp: Phrase? = nil, valueName: String? = nil, note noteWords: NoteWords? = nil,
        onPage offeredOnPage: Bool = true, isValid: @escaping @Sendable (Value) -> Bool = { _ in true }
    ) {
        self.name = name
        self.summary = summary
        self.flagHelp = flagHelp
        self.valueName = valueName
        self.expectation = expectation
        belongsInConfig = inConfig
        self.noteWords = noteWords
        self.offeredOnPage = offeredOnPage
        self.isValid = isValid
    }

    package var defaultText: String? { nil }

    package var choices: [String] { (Value.self as? any SettingChoices.Type)?.choiceTexts ?? [] }

    /// The canonical text a request's member gives (`none` where the setting may say it), read
    /// with the parser of the setting's type; nil when the member is not given.
    package func givenText(in members: RequestMembers) throws -> String? {
        if clearable {
            let given: ClearableOption<Value>? = try members.value(requestOption)
            return given?.settingText
        }
        let given: Value? = try members.value(requestOption)
        return given?.settingText
    }

    /// A canonical text as a reply gives it: a number as a number, `none` as null.
    package func member(canonical text: String) -> MemberValue {
        value(of: text)?.member ?? .none
    }

    /// The same setting with a value when nothing sets it.
    package func defaulting(to value: Value) -> DefaultedSetting<Value> {
        var setting = self
        setting.clearable = false
        return DefaultedSetting(setting: setting, defaultValue: value)
    }

    package func canonical(_ text: String) throws(SettingProblem) -> String {
        if clearable, Self.meansNone(text) { return Self.noneText }
        guard let value = Value(settingText: text), isValid(value) else {
            throw SettingProblem(key: name, expectation: expectation, given: "'\(text)'")
        }
        return value.settingText
    }

    package func tomlLiteral(canonical text: String) -> String {
        Value(settingText: text)?.tomlLiteral ?? TOMLString.literal(text)
    }

    /// The value of canonical text (text that `canonical` has accepted); nil for `none`.
    package func value(of text: String) -> Value? {
        clearable && text == Self.noneText ? nil : Value(settingText: text)
    }

    /// `none`, in any case, or nothing at all (`MEDITATE_INTERVAL=`).
    package static func meansNone(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty || trimmed.lowercased() == noneText
    }
}
