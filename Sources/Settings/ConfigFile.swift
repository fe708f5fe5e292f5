import ConfigSyntax
import Foundation
import Localization
import TOMLKit

/// config.toml as read: its settings and its presets, every value checked against its key and
/// kept with its line, so that a mistake is reported as file:line.
package struct ConfigFile {
    package struct Entry: Equatable {
        /// Canonical text (see `SettingValue`).
        package let text: String
        package let line: Int
    }

    package let path: String
    /// The file as it is on disk ("" when there is none yet).
    package let text: String
    package let settings: [String: Entry]
    /// Presets by name: key → value.
    package let presets: [String: [String: Entry]]
    /// What `meditate sleep` takes over the settings (`[sleep]`): key → value.
    package let sleep: [String: Entry]
    /// The service's hooks (`[hooks]`).
    package let hooks: HookSettings
    /// The service's MQTT broker (`[mqtt]`), if it has one.
    package let mqtt: MQTTSettings?

    /// `$XDG_CONFIG_HOME/meditate/config.toml`, by default `~/.config/meditate/config.toml`.
    package static func defaultPath(environment: [String: String] = ProcessEnvironment.variables) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return config + "/meditate/config.toml"
        }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.config/meditate/config.toml"
    }

    /// Reads and checks the file; a missing file is an empty one.
    package init(path: String) throws(SettingsError) {
        try self.init(path: path, text: Self.text(at: path))
    }

    /// The file's text; "" when there is no file.
    package static func text(at path: String) throws(SettingsError) -> String {
        do {
            return try TextFile.read(path)
        } catch {
            if case .missing = error { return "" }
            throw .unreadable(path: path, reason: error.reason)
        }
    }

    package init(path: String, text: String) throws(SettingsError) {
        self.path = path
        self.text = text
        if let line = TableHeaderCheck.firstBadHeader(in: text) {
            throw .malformed(
                path: path, line: line,
                reason: localized(
                    "a table header needs a name after '[', e.g. [preset.morning]",
                    de: "eine Tabellenüberschrift braucht nach '[' einen Namen, z. B. [preset.morning]"))
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw .malformed(path: path, line: error.source.begin.line, reason: error.description)
        } catch {
            throw .malformed(path: path, line: 1, reason: "\(error)")
        }
        let lines = ConfigLines(text)
        var settings: [String: Entry] = [:]
        var presets: [String: [String: Entry]] = [:]
        var sleep: [String: Entry] = [:]
        var hooks = HookSettings()
        var mqtt: MQTTSettings?
        for key in table.keys {
            guard let value = table[key] else { continue }
            if key == "preset" {
                presets = try Self.presets(value, path: path, lines: lines)
                continue
            }
            if key == "sleep" {
                guard let table = value.table else {
                    throw .malformed(
                        path: path, line: lines.line(of: "sleep", in: nil),
                        reason: localized(
                            "'sleep' is a table, [sleep], of the settings `meditate sleep` takes",
                            de: "'sleep' ist eine Tabelle, [sleep], der Einstellungen, die `meditate sleep` nimmt"))
                }
                sleep = try Self.entries(of: table, named: "sleep", path: path, lines: lines)
                continue
            }
            if key == "hooks" {
                hooks = try Self.hooks(value, path: path, lines: lines)
                continue
            }
            if key == "mqtt" {
                mqtt = try MQTTSettingsReader(path: path, lines: lines).read(value)
                continue
            }
            let line = lines.line(of: key, in: nil)
            guard let setting = SettingKeys.named(key) else {
                throw .unknownKey(origin: "\(path):\(line)", key: key)
            }
            guard setting.belongsInConfig else { throw .presetOnly(origin: "\(path):\(line)", key: key) }
            settings[key] = try Self.entry(value, setting: setting, origin: "\(path):\(line)", line: line)
        }
        self.settings = settings
        self.presets = presets
        self.sleep = sleep
        self.hooks = hooks
        self.mqtt = mqtt
    }

    private static func hooks(
        _ value: any TOMLValueConvertible, path: String, lines: ConfigLines
    ) throws(SettingsError) -> HookSettings {
        guard let table = value.table else {
            throw .malformed(
                path: path, line: lines.line(of: "hooks", in: nil),
                reason: localized(
                    "'hooks' is a table, [hooks], of commands by event",
                    de: "'hooks' ist eine Tabelle, [hooks], von Befehlen nach Ereignis"))
        }
        var hooks = HookSettings()
        for key in table.keys.sorted() {
            let line = lines.line(of: key, in: "hooks")
            if key == "timeout" {
                guard let seconds = table[key]?.int, HookSettings.timeoutRange.contains(seconds) else {
                    throw .malformed(
                        path: path, line: line,
                        reason: localized(
                            "timeout is a whole number of seconds from 1 to 3600",
                            de: "timeout ist eine ganze Zahl von Sekunden von 1 bis 3600"))
                }
                hooks.timeoutSeconds = seconds
                continue
            }
            guard HookSettings.events.contains(key) else {
                throw .malformed(
                    path: path, line: line,
                    reason: localized(
                        "no hook '\(key)'; hooks are \(HookSettings.events.sorted().joined(separator: ", ")) and timeout",
                        de:
                            "kein Hook '\(key)'; Hooks sind \(HookSettings.events.sorted().joined(separator: ", ")) und timeout"
                    ))
            }
            guard let command = table[key]?.string, !command.isEmpty else {
                throw .malformed(
                    path: path, line: line,
                    reason: localized(
                        "hook '\(key)' is a command, a text", de: "Hook '\(key)' ist ein Befehl, ein Text"))
            }
            hooks.commands[key] = command
        }
        return hooks
    }

    private static func presets(
        _ value: any TOMLValueConvertible, path: String,
        lines: ConfigLines
    ) throws(SettingsError) -> [String: [String: Entry]] {
        guard let tables = value.table else {
            throw .malformed(
                path: path, line: lines.line(of: "preset", in: nil),
                reason: localized(
                    "'preset' holds presets as tables, e.g. [preset.morning]",
                    de: "'preset' enthält Vorlagen als Tabellen, z. B. [preset.morning]"))
        }
        var presets: [String: [String: Entry]] = [:]
        for name in tables.keys {
            let tableName = "preset.\(name)"
            guard let preset = tables[name]?.table else {
                throw .malformed(
                    path: path, line: lines.line(of: name, in: "preset"),
                    reason: localized(
                        "preset '\(name)' must be a table, [\(tableName)]",
                        de: "Vorlage '\(name)' muss eine Tabelle sein, [\(tableName)]"))
            }
            presets[name] = try entries(of: preset, named: tableName, path: path, lines: lines)
        }
        return presets
    }

    /// A table of settings (a preset's, `[sleep]`), each value checked against its key.
    private static func entries(
        of table: TOMLTable, named tableName: String, path: String, lines: ConfigLines
    ) throws(SettingsError) -> [String: Entry] {
        var entries: [String: Entry] = [:]
        for key in table.keys {
            guard let value = table[key] else { continue }
            let line = lines.line(of: key, in: tableName)
            guard let setting = SettingKeys.named(key) else {
                throw .unknownKey(origin: "\(path):\(line)", key: key)
            }
            entries[key] = try entry(value, setting: setting, origin: "\(path):\(line)", line: line)
        }
        return entries
    }

    private static func entry(
        _ value: any TOMLValueConvertible, setting: any AnySetting, origin: String,
        line: Int
    ) throws(SettingsError) -> Entry {
        let text: String
        switch value.type {
        case .string: text = value.string ?? ""
        case .int: text = value.int.map { String($0) } ?? ""
        case .double: text = value.double.map { "\($0)" } ?? ""
        case .bool: text = value.bool.map { $0 ? "true" : "false" } ?? ""
        default:
            throw .invalidValue(
                origin: origin,
                problem: SettingProblem(
                    key: setting.name, expectation: setting.expectation,
                    given: localized("a TOML \(value.type)", de: "ein TOML-Wert vom Typ \(value.type)")))
        }
        do {
            return Entry(text: try setting.canonical(text), line: line)
        } catch {
            throw .invalidValue(origin: origin, problem: error)
        }
    }
}
