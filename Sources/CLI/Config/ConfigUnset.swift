import ArgumentParser
import Foundation
import Localization
import Settings
import SyncFolder

/// `meditate config unset KEY`: the setting goes back to its default.
struct ConfigUnset: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unset",
        abstract: localized(
            "Remove a setting from config.toml: its default applies again.",
            de: "Entfernt eine Einstellung aus config.toml: ihr Standardwert gilt wieder."))

    @Argument(help: ConfigKey.help)
    var key: String

    func run() throws {
        let setting = try ConfigKey.named(key, origin: "config unset")
        // Without a shared folder the data folder keeps the practice: this device's goes back there.
        let carried =
            setting.name == SettingKeys.historyFolder.name
            ? try HistoryFolderChange.carry(into: DataFolder.path(environment: ProcessEnvironment.variables)) : []
        try ConfigKey.edit {
            $0.remove(setting.name)
        } said: { changed, path in
            say(changed ? .configUnset : .configNotSet, ["key": setting.name, "path": path])
        }
        for line in carried { StandardStream.write("meditate: \(line)\n", to: STDERR_FILENO) }
    }
}
