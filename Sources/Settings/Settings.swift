import Foundation
import Localization
import SyncFolder

/// The settings of one run: the config file and `MEDITATE_*` variables as read and checked,
/// and the preset chosen, if any. Commands ask it for each value, passing the flag's value.
package struct Settings {
    package let file: ConfigFile
    /// Key → canonical text, from `MEDITATE_*` variables.
    package let environment: [String: String]
    /// The folder every device's shared files are in (`history/`, `presets/`, `schedules/`):
    /// `history-folder`, else the data folder.
    package let sharedFolder: String
    /// The presets saved there (`SavedPresets`), by name.
    package let saved: [String: SavedPresets.Options]
    private(set) var preset: (name: String, values: [String: String])?
    /// What `meditate sleep` brings (`useSleep`), in the preset's place.
    private(set) var sleep: [String: (text: String, source: SettingSource)] = [:]

    /// Reads config.toml and the environment; a bad value in either is an error naming where.
    package static func load(
        environment variables: [String: String] = ProcessEnvironment.variables,
        path: String? = nil
    ) throws(SettingsError) -> Settings {
        let file = try ConfigFile(path: path ?? ConfigFile.defaultPath(environment: variables))
        var environment: [String: String] = [:]
        for setting in SettingKeys.all where setting.belongsInConfig {
            guard let text = variables[setting.environmentName] else { continue }
            do {
                environment[setting.name] = try setting.canonical(text)
            } catch {
                throw .invalidValue(origin: setting.environmentName, problem: error)
            }
        }
        let folder = sharedFolder(file: file, environment: environment, variables: variables)
        return Settings(
            file: file, environment: environment, sharedFolder: folder, saved: SavedPresets.read(in: folder),
            preset: nil)
    }

    /// `history-folder` as the environment or config.toml set it ("~/" the home folder), else
    /// the data folder.
    private static func sharedFolder(
        file: ConfigFile, environment: [String: String], variables: [String: String]
    ) -> String {
        let name = SettingKeys.historyFolder.name
        guard let folder = environment[name] ?? file.settings[name]?.text else {
            return DataFolder.path(environment: variables)
        }
        return homeExpanded(folder, variables: variables)
    }

    /// `folder` with a leading "~/" read as the home folder (`HOME`, else the user's).
    package static func homeExpanded(_ folder: String, variables: [String: String]) -> String {
        guard folder.hasPrefix("~/") else { return folder }
        return (variables["HOME"] ?? NSHomeDirectory()) + folder.dropFirst(1)
    }

    /// No config file and no variables: every value its default, or nil where it has none
    /// (what a history note is checked against).
    package static func builtIn() throws(SettingsError) -> Settings {
        Settings(
            file: try ConfigFile(path: "", text: ""), environment: [:],
            sharedFolder: DataFolder.path(environment: ProcessEnvironment.variables), saved: [:], preset: nil)
    }

    /// Every preset by name: the saved ones all devices share, and config.toml's tables, which
    /// go first. A table that holds only this machine's keys (what `preset save` keeps here:
    /// the output, a suspend) adds them to the shared preset of its name; one with any other
    /// key is a preset of this machine's own and stands alone.
    package var presets: [String: SavedPresets.Options] {
        var presets = saved
        for (name, table) in file.presets {
            let values = table.mapValues(\.text)
            let ownOnly = values.keys.allSatisfy(SettingKeys.isThisMachines)
            presets[name] = ownOnly ? (saved[name] ?? [:]).merging(values) { $1 } : values
        }
        return presets
    }

    /// Uses a preset (`presets`) as the layer just below the flags.
    package mutating func use(preset name: String) throws(SettingsError) {
        let presets = presets
        guard let values = presets[name] else {
            throw .unknownPreset(name, known: presets.keys.sorted())
        }
        preset = (name, values)
    }

    /// Makes this a sleep's settings (`meditate sleep`): config.toml's `[sleep]` and the
    /// sleep's own defaults (no gong, no countdown, the bed falling over five minutes, brown
    /// noise unless a bed is named anywhere) take the preset's place, over the standing settings.
    package mutating func useSleep() {
        let own = SettingSource.sleep(origin: localized("meditate sleep's default", de: "Standard von meditate sleep"))
        var layer: [String: (text: String, source: SettingSource)] = [:]
        for (key, text) in SleepDefaults.values { layer[key] = (text, own) }
        let bedNamed = [SettingKeys.noise.name, SettingKeys.ambience.name].contains { key in
            [file.sleep[key]?.text, environment[key], file.settings[key]?.text].contains { $0 != nil && $0 != "none" }
        }
        if !bedNamed { layer[SettingKeys.noise.name] = (NoiseArgument.brown.settingText, own) }
        for (key, entry) in file.sleep { layer[key] = (entry.text, .sleep(origin: "\(file.path):\(entry.line)")) }
        sleep = layer
    }

    /// Uses values about to be saved as a preset (canonical texts), to check them whole.
    package mutating func use(preset name: String, values: [String: String]) {
        preset = (name, values)
    }

    /// The value and where it came from: the flag when given, else the preset, the
    /// environment, the config file, the default.
    package func resolve<Value>(_ key: Setting<Value>, flag: Value?) -> (value: Value?, source: SettingSource) {
        if let flag { return (flag, .flag) }
        guard let (text, source) = setText(of: key) else { return (nil, .builtIn) }
        // `none` from a layer is nil from that layer: it hides what the weaker ones set.
        guard let value = key.value(of: text) else { return (nil, text == Setting<Value>.noneText ? source : .builtIn) }
        return (value, source)
    }

    /// The same for a flag that may say `none` (`--interval none`): then none, whatever the
    /// preset, the environment or config.toml set.
    package func resolve<Value>(
        _ key: Setting<Value>, flag: ClearableOption<Value>?
    ) -> (value: Value?, source: SettingSource) {
        switch flag {
        case .cleared?: (nil, .flag)
        case let .value(value)?: (value, .flag)
        case nil: resolve(key, flag: nil as Value?)
        }
    }

    package func resolve<Value>(_ key: DefaultedSetting<Value>, flag: Value?) -> (value: Value, source: SettingSource) {
        let found = resolve(key.setting, flag: flag)
        return (found.value ?? key.defaultValue, found.source)
    }

    package func value<Value>(_ key: Setting<Value>, flag: Value?) -> Value? {
        resolve(key, flag: flag).value
    }

    package func value<Value>(_ key: DefaultedSetting<Value>, flag: Value?) -> Value {
        resolve(key, flag: flag).value
    }

    /// Whether the flag or the preset gives this key: what the person asked for this session,
    /// as opposed to their standing settings.
    package func isChosen<Value>(_ key: Setting<Value>, flag: Value?) -> Bool {
        resolve(key, flag: flag).source.isChosenForThisSession
    }

    /// Canonical text and source of any key, for `config list` and `config get`.
    package func describe(_ setting: any AnySetting) -> (text: String?, source: SettingSource) {
        setText(of: setting) ?? (setting.defaultText, .builtIn)
    }

    /// The text the strongest layer below the flags gives a key: the preset, the environment,
    /// then the config file; nil when none does.
    private func setText(of setting: any AnySetting) -> (text: String, source: SettingSource)? {
        let name = setting.name
        if let preset, let text = preset.values[name] { return (text, .preset(preset.name)) }
        if let layer = sleep[name] { return layer }
        if let text = environment[name] { return (text, .environment(setting.environmentName)) }
        if let entry = file.settings[name] { return (entry.text, .file(path: file.path, line: entry.line)) }
        return nil
    }
}
