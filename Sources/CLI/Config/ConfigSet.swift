import ArgumentParser
import Foundation
import Localization
import Settings

/// `meditate config set KEY VALUE`: one line of config.toml written or changed.
struct ConfigSet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: localized(
            "Set a setting in config.toml (the file's comments are kept).",
            de: "Setzt eine Einstellung in config.toml (Kommentare bleiben erhalten)."))

    @Argument(help: ConfigKey.help)
    var key: String

    @Argument(help: .localized("Its new value.", de: "Ihr neuer Wert.", valueName: "value"))
    var value: String

    func run() throws {
        let setting = try ConfigKey.named(key, origin: "config set")
        let canonical: String
        do {
            canonical = try setting.canonical(value)
        } catch {
            throw SettingsError.invalidValue(origin: "config set", problem: error)
        }
        // The shared folder is a folder: a file there would be taken and then fail every sit.
        // This device's practice goes along into it before the setting says so.
        var carried: [String] = []
        if setting.name == SettingKeys.historyFolder.name {
            let path = Settings.homeExpanded(canonical, variables: ProcessEnvironment.variables)
            var info = stat()
            if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
                throw ValidationError(
                    localized(
                        "history-folder '\(canonical)' is a file, not a folder",
                        de: "history-folder '\(canonical)' ist eine Datei, kein Ordner"))
            }
            carried = try HistoryFolderChange.carry(into: path)
        }
        // The remote a plain `ctl` reaches is one this machine paired with: a name it does not
        // know is refused now, not at every later `ctl`.
        if setting.name == SettingKeys.remote.name,
            RemoteConnection.find(canonical, in: try RemoteStore.load().remotes) == nil
        {
            throw RemoteError.notPaired(name: canonical)
        }
        let assignment = "\(setting.name) = \(setting.tomlLiteral(canonical: canonical))"
        try ConfigKey.edit {
            $0.set(setting.name, literal: setting.tomlLiteral(canonical: canonical))
        } said: { _, path in
            say(.configSet, ["assignment": assignment, "path": path])
        }
        for line in carried { StandardStream.write("meditate: \(line)\n", to: STDERR_FILENO) }
    }
}
