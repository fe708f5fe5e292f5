import ArgumentParser
import Foundation
import Settings

/// What the `config` subcommands share: finding a key, and changing the file safely.
enum ConfigKey {
    static var help: ArgumentHelp {
        .localized(
            "The setting, e.g. minutes or gong-volume.", de: "Die Einstellung, z. B. minutes oder gong-volume.",
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
    /// Changes config.toml and says what changed in one line on stderr (stdout stays a
    /// script's), as `preset save` does: `said` words the change, or its absence.
    static func edit(
        _ change: (inout ConfigEditor) -> Void, said: (_ changed: Bool, _ path: String) -> String
    ) throws(SettingsError) {
        let path = ConfigFile.defaultPath()
        var changed = false
        try AtomicFile.update(path) { (current) throws(SettingsError) -> String in
            var editor = ConfigEditor(current)
            change(&editor)
            guard editor.text != current else { return current }
            _ = try ConfigFile(path: path, text: editor.text)
            changed = true
            return editor.text
        }
        StandardStream.write("meditate: \(said(changed, path))\n", to: STDERR_FILENO)
    }
}
