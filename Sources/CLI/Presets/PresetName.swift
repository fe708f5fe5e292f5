import ArgumentParser
import Foundation
import Session
import Settings

/// What a preset's name may be, and how its values are shown.
enum PresetName {
    static var help: ArgumentHelp { .localized("The preset's name.", de: "Der Name der Vorlage.", valueName: "name") }

    static func check(_ name: String) throws(SettingsError) {
        guard SavedPresets.isValidName(name), !Meditate.commandNames.contains(name) else {
            throw .invalidPresetName(name)
        }
    }

    static func table(_ name: String) -> String { "preset.\(name)" }

    /// `key = literal` lines in the registry's order.
    static func assignments(_ preset: SavedPresets.Options) -> [String] {
        SettingKeys.all.compactMap { setting in
            preset[setting.name].map { "\(setting.name) = \(setting.tomlLiteral(canonical: $0))" }
        }
    }
}
