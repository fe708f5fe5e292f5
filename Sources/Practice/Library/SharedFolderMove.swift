import Foundation
import Library
import Localization
import Settings
import SyncFolder

/// The shared folder set, changed or unset (`config set history-folder`, `config unset`): this
/// device's own history, presets and schedules carried from the folder it leaves into the one
/// it takes, so that its practice goes where it goes. Copied, never moved: the folder left
/// behind keeps its files (another device may still read them there), and coming back merges
/// as any sync does, the latest line or version of each thing winning.
package struct SharedFolderMove {
    /// The folder left and the folder taken, "~/" expanded.
    package let from: String
    package let to: String

    /// What was carried.
    package struct Carried: Equatable, Sendable {
        package var sits = 0
        package var schedules = 0
        package var presets = 0

        package var isEmpty: Bool { sits == 0 && schedules == 0 && presets == 0 }
    }

    package init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    /// Whether the two name one folder (so nothing is to be carried).
    package var isStay: Bool { Self.resolved(from) == Self.resolved(to) }

    /// Carries this device's files (its id kept in `paths`' data folder) from `from` into `to`,
    /// making `to` when it is missing. What fails stops it with its one line; what was carried
    /// so far is there, and `from` is untouched.
    package func carry(paths: LibraryPaths) throws -> Carried {
        guard !isStay else { return Carried() }
        guard let device = DeviceIdentity.id(in: paths) else {
            throw ShelfError(path: paths.folder + "/device-id", reason: "cannot be written")
        }
        let host = PracticeJournal.hostName()
        var carried = Carried()
        carried.sits = try PracticeJournal(folder: from, device: device, host: host).carry(
            to: PracticeJournal(folder: to, device: device, host: host))
        carried.schedules = try ScheduleRecord.shelf(in: from).carry(device: device, to: ScheduleRecord.shelf(in: to))
        carried.presets = try SavedPresets.shelf(in: from).carry(device: device, to: SavedPresets.shelf(in: to))
        return carried
    }

    /// The line that says what went where ("carried 412 sits, 2 schedules and 1 preset into …").
    package static func line(_ carried: Carried, into folder: String) -> String {
        let sits = counted(carried.sits, "sit", "sits", de: "Sitzung", "Sitzungen")
        let schedules = counted(carried.schedules, "schedule", "schedules", de: "Plan", "Pläne")
        let presets = counted(carried.presets, "preset", "presets", de: "Vorlage", "Vorlagen")
        return localized(
            "carried \(sits), \(schedules) and \(presets) of this device's into \(folder)",
            de: "\(sits), \(schedules) und \(presets) dieses Geräts nach \(folder) mitgenommen")
    }

    private static func counted(
        _ count: Int, _ one: String, _ many: String, de oneDE: String, _ manyDE: String
    )
        -> String
    {
        localized("\(count) \(count == 1 ? one : many)", de: "\(count) \(count == 1 ? oneDE : manyDE)")
    }

    /// `path` as the file system resolves it, when it exists; else as written, tidied.
    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return URL(fileURLWithPath: path).standardizedFileURL.path }
        defer { free(real) }
        return String(cString: real)
    }
}
