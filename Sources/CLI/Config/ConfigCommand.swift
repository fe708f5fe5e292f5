import ArgumentParser
import Foundation

/// `meditate config`: the settings in config.toml.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: localized("Show and change the settings every session starts from.",
                            de: "Zeigt und ändert die Einstellungen, mit denen jede Sitzung beginnt."),
        discussion: localized("""
        Settings live in $XDG_CONFIG_HOME/meditate/config.toml (by default ~/.config/meditate/config.toml), one `key = value` per line; comments you write there are kept when meditate changes the file. A flag beats a preset, which beats a MEDITATE_<KEY> variable (MEDITATE_NOISE_VOLUME for noise-volume), which beats the file, which beats the default.
        """, de: """
        Die Einstellungen stehen in $XDG_CONFIG_HOME/meditate/config.toml (sonst ~/.config/meditate/config.toml), eine Zeile `schlüssel = wert` je Einstellung; Kommentare, die du dort schreibst, bleiben erhalten, wenn meditate die Datei ändert. Vorrang hat eine Option, dann eine Vorlage, dann eine MEDITATE_<KEY>-Variable (MEDITATE_NOISE_VOLUME für noise-volume), dann die Datei, zuletzt der Standardwert.
        """) + """


        \(localized("Examples:", de: "Beispiele:"))
          meditate config list
          meditate config set noise pink
          meditate config set interval 5
          meditate config get minutes
          meditate config unset noise
        """,
        subcommands: [ConfigList.self, ConfigGet.self, ConfigSet.self, ConfigUnset.self, ConfigPath.self]
    )
}

/// `meditate config list`: every setting, its value and where the value comes from.
struct ConfigList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: localized("Every setting with its value and where it comes from.",
                                              de: "Jede Einstellung mit ihrem Wert und seiner Herkunft."))

    func run() throws {
        let settings = try Settings.load()
        let rows = SettingKeys.all.filter(\.belongsInConfig).map { setting in
            let (text, source) = settings.describe(setting)
            let assignment = text.map { "\(setting.name) = \(setting.tomlLiteral(canonical: $0))" }
                ?? "# \(setting.name) \(localized("(not set)", de: "(nicht gesetzt)"))"
            let summary = Language.current == .de ? setting.summary.text : setting.summary.text.lowercasedFirst
            return (assignment, "# \(source), \(summary)")
        }
        let width = rows.map(\.0.count).max() ?? 0
        for (assignment, note) in rows {
            print(assignment.padding(toLength: width + 2, withPad: " ", startingAt: 0) + note)
        }
    }
}

/// `meditate config get KEY`: the value in effect, as a script wants it.
struct ConfigGet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", abstract: localized(
            "Print the value a setting has now (nothing, exit 1, when it has none).",
            de: "Gibt den aktuellen Wert einer Einstellung aus (nichts und Status 1, wenn sie keinen hat)."))

    @Argument(help: ConfigKey.help)
    var key: String

    func run() throws {
        let setting = try ConfigKey.named(key, origin: "config get")
        guard let text = try Settings.load().describe(setting).text else { throw ExitCode(1) }
        print(text)
    }
}

/// `meditate config set KEY VALUE`: one line of config.toml written or changed.
struct ConfigSet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: localized("Set a setting in config.toml (the file's comments are kept).",
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
        try ConfigKey.edit { $0.set(setting.name, literal: setting.tomlLiteral(canonical: canonical)) }
    }
}

/// `meditate config unset KEY`: the setting goes back to its default.
struct ConfigUnset: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unset", abstract: localized("Remove a setting from config.toml: its default applies again.",
                                               de: "Entfernt eine Einstellung aus config.toml: ihr Standardwert gilt wieder."))

    @Argument(help: ConfigKey.help)
    var key: String

    func run() throws {
        let setting = try ConfigKey.named(key, origin: "config unset")
        try ConfigKey.edit { $0.remove(setting.name) }
    }
}

/// `meditate config path`: where the file is.
struct ConfigPath: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "path", abstract: localized("Print where config.toml is.", de: "Gibt aus, wo config.toml liegt."))

    func run() {
        print(ConfigFile.defaultPath())
    }
}

/// What the `config` subcommands share: finding a key, and changing the file safely.
enum ConfigKey {
    static var help: ArgumentHelp {
        .localized("The setting, e.g. minutes or noise-volume.", de: "Die Einstellung, z. B. minutes oder noise-volume.",
                   valueName: "key")
    }

    static func named(_ name: String, origin: String) throws(SettingsError) -> any AnySetting {
        guard let setting = SettingKeys.named(name) else { throw .unknownKey(origin: origin, key: name) }
        guard setting.belongsInConfig else { throw .presetOnly(origin: origin, key: name) }
        return setting
    }

    /// Applies an edit to the file's text, checks that the result is a valid config, and
    /// replaces the file in one step; an invalid result leaves the file as it was. The file is
    /// read under a lock, so that concurrent edits each keep theirs.
    static func edit(_ change: (inout ConfigEditor) -> Void) throws(SettingsError) {
        let path = ConfigFile.defaultPath()
        try AtomicFile.update(path) { (current) throws(SettingsError) -> String in
            var editor = ConfigEditor(current)
            change(&editor)
            guard editor.text != current else { return current }
            _ = try ConfigFile(path: path, text: editor.text)
            return editor.text
        }
    }
}

extension String {
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
