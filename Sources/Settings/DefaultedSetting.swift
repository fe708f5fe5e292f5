import Foundation
import Localization

/// A setting that always has a value: its default when nothing sets it.
package struct DefaultedSetting<Value: SettingValue>: AnySetting {
    package let setting: Setting<Value>
    package let defaultValue: Value

    package var name: String { setting.name }
    package var summary: Phrase { setting.summary }
    package var expectation: Phrase { setting.expectation }
    package var belongsInConfig: Bool { setting.belongsInConfig }
    package var defaultText: String? { defaultValue.settingText }
    package var flagHelp: Phrase? { setting.flagHelp }
    package var valueName: String? { setting.valueName }
    package var choices: [String] { setting.choices }
    package var noteWords: NoteWords? { setting.noteWords }
    package var offeredOnPage: Bool { setting.offeredOnPage }
    package func givenText(in members: RequestMembers) throws -> String? { try setting.givenText(in: members) }
    package func member(canonical text: String) -> MemberValue { setting.member(canonical: text) }
    package func canonical(_ text: String) throws(SettingProblem) -> String { try setting.canonical(text) }
    package func tomlLiteral(canonical text: String) -> String { setting.tomlLiteral(canonical: text) }
}
