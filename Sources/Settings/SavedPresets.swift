import Foundation
import SyncFolder

/// The presets `meditate preset save` keeps where all of a person's devices find them:
/// `presets/<device-id>/<name>.json` in the shared folder (`history-folder`), the latest save
/// or removal of a name winning. They carry practice only (`SettingKeys.practice`): what is this
/// machine's (its output, a suspend after the sit) stays in config.toml's `[preset.NAME]`,
/// which goes before a saved preset of that name.
package enum SavedPresets {
    /// Key → canonical text, as a preset's file holds its options.
    package typealias Options = [String: String]

    package static func shelf(in folder: String) -> SyncedShelf<Options> {
        SyncedShelf(folder: folder, kind: "presets")
    }

    /// Whether `name` may name a preset: letters, digits, '-' and '_', at most 64 of them. Names
    /// from the shared folder are held to it as `preset save` is: a terminal, a completion or
    /// the page shows them as they are.
    package static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64
            && name.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
                    || $0 == "_"
            }
    }

    /// Every saved preset this version can read whole: one with a key it does not know or a
    /// value out of its range (a newer version's, a hand-edited file) is left out, never half used.
    /// What is this machine's alone (`SettingKeys.thisMachine`; an older version saved it here)
    /// is passed over, whoever wrote it: a preset from the folder plays to this machine's output.
    package static func read(in folder: String) -> [String: Options] {
        var presets: [String: Options] = [:]
        for (name, options) in shelf(in: folder).values() where isValidName(name) {
            guard let checked = practice(of: options) else { continue }
            presets[name] = checked
        }
        return presets
    }

    /// The practice of `options`, every value checked; nil when one is not a setting, is out of
    /// range, or what only config.toml sets, or when nothing is left.
    private static func practice(of options: Options) -> Options? {
        var checked: Options = [:]
        for (key, text) in options where !SettingKeys.isThisMachines(key) {
            guard SettingKeys.isPractice(key), let setting = SettingKeys.named(key),
                let canonical = try? setting.canonical(text)
            else { return nil }
            checked[key] = canonical
        }
        return checked.isEmpty ? nil : checked
    }

    /// `options` parted into what the shared folder keeps (practice) and what config.toml keeps
    /// (this machine's).
    package static func parted(_ options: Options) -> (shared: Options, own: Options) {
        (
            options.filter { !SettingKeys.isThisMachines($0.key) },
            options.filter { SettingKeys.isThisMachines($0.key) }
        )
    }
}
