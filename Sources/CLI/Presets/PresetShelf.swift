import Foundation
import Library
import Localization
import Settings
import SyncFolder

/// This device's side of the saved presets (`SavedPresets`): what `preset save` and `preset
/// remove` write, into this device's folder of the shared folder's `presets/`.
struct PresetShelf {
    let shelf: SyncedShelf<SavedPresets.Options>
    let device: String
    let host: String

    /// The shelf of `settings`' shared folder, as this device (its id made when there is none).
    init(settings: Settings) throws(ShelfError) {
        let data = LibraryPaths(environment: ProcessEnvironment.variables)
        guard let device = DeviceIdentity.id(in: data) else {
            throw ShelfError(path: data.folder + "/device-id", reason: "cannot be written")
        }
        shelf = SavedPresets.shelf(in: settings.sharedFolder)
        self.device = device
        host = PracticeJournal.hostName()
    }

    func save(_ name: String, _ options: SavedPresets.Options) throws(ShelfError) {
        try shelf.write(key: name, value: options, device: device, host: host)
    }

    func remove(_ name: String) throws(ShelfError) {
        try shelf.write(key: name, value: nil, device: device, host: host)
    }

    /// Moves the `[preset.NAME]` tables that `preset save` wrote into config.toml before
    /// presets were shared into this device's folder (their practice: this machine's output
    /// and suspend stay in the table), the first time this device has one (in
    /// this shared folder), and takes them out of config.toml: so the presets saved on one
    /// device are on all, and a later save elsewhere is not hidden here by the old table. A
    /// table written by hand after that stays this machine's own. A name saved elsewhere since
    /// config.toml was last written keeps that later save. Nothing is lost when it fails: the
    /// tables stay where they were.
    static func carryTables() {
        guard let settings = try? Settings.load(), let shelf = try? PresetShelf(settings: settings),
            !shelf.shelf.hasFolder(of: shelf.device)
        else { return }
        let tables = settings.file.presets
        let path = settings.file.path
        var info = stat()
        let written = stat(path, &info) == 0 ? Double(info.st_mtim.tv_sec) : Date().timeIntervalSince1970
        do {
            try FileManager.default.createDirectory(
                atPath: shelf.shelf.root + "/" + shelf.device, withIntermediateDirectories: true)
            let known = shelf.shelf.read()
            for (name, entries) in tables.sorted(by: { $0.key < $1.key }) where (known[name]?.changed ?? 0) < written {
                let shared = SavedPresets.parted(entries.mapValues(\.text)).shared
                try shelf.shelf.write(key: name, value: shared, device: shelf.device, host: shelf.host, now: written)
            }
        } catch {
            return
        }
        guard !tables.isEmpty else { return }
        try? AtomicFile.update(path) { (current) throws(SettingsError) -> String in
            var editor = ConfigEditor(current)
            // What is this machine's stays here, the rest is in the shared folder now.
            for (name, entries) in tables {
                let own = SavedPresets.parted(entries.mapValues(\.text)).own
                _ = editor.removeTable(PresetName.table(name))
                if !own.isEmpty { editor.setTable(PresetName.table(name), assignments: PresetName.assignments(own)) }
            }
            _ = try ConfigFile(path: path, text: editor.text)
            return editor.text
        }
    }
}
