import Foundation
import Localization

/// The settings of one run: the config file and `MEDITATE_*` variables as read and checked,
/// and the preset chosen, if any. Commands ask it for each value, passing the flag's value.
package struct Settings {
    package let file: ConfigFile
    /// Key → canonical text, from `MEDITATE_*` variables.
    package let environment: [String: String]
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
        return Settings(file: file, environment: environment, preset: nil)
    }

    /// No config file and no variables: every value its default, or nil where it has none
    /// (what a history note is checked against).
    package static func builtIn() throws(SettingsError) -> Settings {
        Settings(file: try ConfigFile(path: "", text: ""), environment: [:], preset: nil)
    }

    /// Uses a preset from the config file as the layer just below the flags.
    package mutating func use(preset name: String) throws(SettingsError) {
        guard let entries = file.presets[name] else {
            throw .unknownPreset(name, known: file.presets.keys.sorted())
        }
        preset = (name, entries.mapValues(\.text))
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
