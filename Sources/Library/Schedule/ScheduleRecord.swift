import Foundation
import SyncFolder

/// A schedule as its file in the shared folder holds it (`schedules/<device-id>/<uuid>.json`,
/// a `SyncedShelf`): what it does, when, and which device's service runs it.
public struct ScheduleRecord: Codable, Sendable, Equatable {
    /// The schedules' shelf in the shared folder `folder`: `schedules/<device-id>/<uuid>.json`.
    public static func shelf(in folder: String) -> SyncedShelf<ScheduleRecord> {
        SyncedShelf(folder: folder, kind: "schedules")
    }

    var action: String
    /// The request's options, as JSON text.
    var options: String
    /// Seconds after midnight; `every` minutes from `at` to `until`; `randomLongest` for random times.
    var at: Int
    var every: Int?
    var until: Int?
    var randomLongest: Int?
    /// Weekdays, Monday's bit first.
    var days: Int
    var over: Bool
    /// Seconds since 1970.
    var pausedUntil: Double?
    var service: String
    var serviceHost: String

    init(_ entry: ScheduleEntry, service: String, serviceHost: String) {
        action = entry.action.rawValue
        options = entry.options
        (at, every, until, randomLongest) = entry.storedTimes
        days = entry.days.rawValue
        over = entry.over
        pausedUntil = entry.pausedUntil?.timeIntervalSince1970
        self.service = service
        self.serviceHost = serviceHost
    }

    /// The schedule it describes, every number checked; nil for one this version cannot run
    /// (an action it does not know, times out of range).
    func entry(uuid: String) -> ScheduleEntry? {
        guard let action = ScheduleEntry.Action(rawValue: action), (1..<128).contains(days), !service.isEmpty,
            let times = ScheduleEntry.times(at: at, every: every, until: until, longest: randomLongest)
        else { return nil }
        let paused = pausedUntil.flatMap { $0.isFinite ? Date(timeIntervalSince1970: $0) : nil }
        return ScheduleEntry(
            action: action, options: options, times: times, days: Weekdays(rawValue: days), over: over,
            pausedUntil: paused, uuid: uuid, service: service, serviceHost: serviceHost)
    }
}
