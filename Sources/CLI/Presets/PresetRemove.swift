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
        PresetShelf.carryTables()
        let settings = try Settings.load()
        let presets = settings.presets
        guard presets[name] != nil else { throw SettingsError.unknownPreset(name, known: presets.keys.sorted()) }
        // Gone from every device: a removal is a version too, the latest of the name.
        if settings.saved[name] != nil { try PresetShelf(settings: settings).remove(name) }
        guard settings.file.presets[name] != nil else {
            StandardStream.write("meditate: \(say(.presetRemoved, ["name": name]))\n", to: STDERR_FILENO)
            return
        }
        try ConfigKey.edit {
            _ = $0.removeTable(PresetName.table(name))
        } said: { _, _ in
            say(.presetRemoved, ["name": name])
        }
    }
}
