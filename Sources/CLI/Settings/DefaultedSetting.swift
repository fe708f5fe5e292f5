import Foundation

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
