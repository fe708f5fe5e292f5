import ArgumentParser
import Foundation
import Localization
import Session
import Settings

/// `meditate preset show NAME`
struct PresetShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: localized("The options a preset holds.", de: "Die Optionen einer Vorlage."))

    @Argument(help: PresetName.help)
    var name: String

    func run() throws {
        PresetShelf.carryTables()
        let presets = try Settings.load().presets
        guard let preset = presets[name] else { throw SettingsError.unknownPreset(name, known: presets.keys.sorted()) }
        for line in PresetName.assignments(preset) { print(line) }
    }
}
