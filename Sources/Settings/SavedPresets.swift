import Foundation
import SyncFolder

/// The presets `meditate preset save` keeps where all of a person's devices find them:
/// `presets/<device-id>/<name>.json` in the shared folder (`history-folder`), the latest save
/// or removal of a name winning. A `[preset.NAME]` table in config.toml is this machine's own
/// and goes before a saved preset of that name.
package enum SavedPresets {
    /// Key → canonical text, as a preset's file holds its options.
    package typealias Options = [String: String]

    package static func shelf(in folder: String) -> SyncedShelf<Options> {
        SyncedShelf(folder: folder, kind: "presets")
    }

    /// Every saved preset this version can read whole: one with a key it does not know or a
    /// value out of its range (a newer version's, a hand-edited file) is left out, never half used.
    package static func read(in folder: String) -> [String: Options] {
        shelf(in: folder).values().compactMapValues { options -> Options? in
            var checked: Options = [:]
            for (key, text) in options {
                guard let setting = SettingKeys.named(key), let canonical = try? setting.canonical(text) else {
                    return nil
                }
                checked[key] = canonical
            }
            return checked.isEmpty ? nil : checked
        }
    }
}
