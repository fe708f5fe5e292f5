import Foundation

/// One setting, declared once: its name (the flag's long name, the config key, and after
/// `MEDITATE_` the environment variable), its type, default, valid range and where it may live.
package struct Setting<Value: SettingValue>: AnySetting {
    package let name: String
    package let summary: Phrase
    /// What a valid value is, for messages: "a number of minutes, more than 0 and at most 1440".
    package let expectation: Phrase
    /// False for what only describes one session (a seed, a track, bells): presets and flags only.
    package let belongsInConfig: Bool
    package let isValid: @Sendable (Value) -> Bool
    /// A setting with no default may be set to `none` (or, in a variable, to nothing): that
    /// layer then says "none this time", over whatever a weaker layer sets. False once
    /// `defaulting(to:)` gives it a value of its own.
    private(set) var clearable = true

    /// The canonical text of "none".
    package static var noneText: String { "none" }

    package init(
        _ name: String, _ summary: Phrase, expecting expectation: Phrase,
        inConfig: Bool = true, isValid: @escaping @Sendable (Value) -> Bool = { _ in true }
    ) {
        self.name = name
        self.summary = summary
        self.expectation = expectation
        belongsInConfig = inConfig
        self.isValid = isValid
    }

    package var defaultText: String? { nil }

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
