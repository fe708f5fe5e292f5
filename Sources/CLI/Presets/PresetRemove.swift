import ArgumentParser
import Foundation
import Localization
import Session
import Settings

/// `meditate preset remove NAME`
struct PresetRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: localized("Delete a preset.", de: "Löscht eine Vorlage."))

    @Argument(help: PresetName.help)
    var name: String

    func run() throws {
        let presets = try Settings.load().file.presets
        guard presets[name] != nil else { throw SettingsError.unknownPreset(name, known: presets.keys.sorted()) }
        try ConfigKey.edit {
            $0.removeTable(PresetName.table(name))
        } said: { _, _ in
            say(.presetRemoved, ["name": name])
        }
    }
}
