import Foundation
import Library

/// The schedules as the service plays them: for each, the next instant it sounds at. An
/// occurrence is handed out once, when it is due (or its bell's lead before); the next one is
/// the first after it, never after "now". So a clock stepped back rings nothing twice (what
/// rang stays rung until the clock passes it again), and a clock stepped forward over some
/// occurrences hands each of them out as missed, so that none is lost without a word.
///
/// Thread: control (the service's main thread) only.
final class ServiceSchedule {
    struct Occurrence {
        let entry: ScheduleEntry
        /// When it was to sound.
        let at: Date
        /// Past by more than `graceSeconds` when it came up (a clock step, a stalled service).
        let missed: Bool
        /// In a pause of its schedule ("pause for today").
        var paused: Bool { entry.isPaused(at: at) }
    }

    private struct Planned {
        let entry: ScheduleEntry
        var next: Date?
    }

    private var planned: [Planned] = []
    private let given: Calendar?
    /// Made at the first schedule: a calendar brings in ICU's data, megabytes of a service
    /// that may never need them.
    private lazy var calendar: Calendar = {
        if let given { return given }
        var calendar = Calendar.current
        // Local time, as the person wrote it; `Calendar.current` follows TZ.
        calendar.timeZone = TimeZone.current
        return calendar
    }()
    /// How late an occurrence may be handed out and still sound.
    static let graceSeconds = 5.0

    /// By `calendar`, or the local one.
    init(calendar: Calendar? = nil) {
        given = calendar
    }

    /// Takes the schedules as stored now; one already planned keeps its next instant, a new
    /// one starts from `now`.
    func load(_ entries: [ScheduleEntry], now: Date) {
        let known = Dictionary(planned.compactMap { plan in plan.entry.id.map { ($0, plan) } }) { first, _ in first }
        planned = entries.map { entry in
            if let id = entry.id, let old = known[id], old.entry == entry { return old }
            return Planned(entry: entry, next: entry.next(after: now, calendar: self.calendar))
        }
    }

    /// The next instant each schedule sounds at, by id.
    func nextInstant(of id: Int64) -> Date? {
        planned.first { $0.entry.id == id }?.next
    }

    /// The occurrences due now: their instant, less `lead` of their action, has come.
    func takeDue(now: Date, lead: (ScheduleEntry) -> Double) -> [Occurrence] {
        var due: [Occurrence] = []
        for index in planned.indices {
            // Bounded: a clock stepped years ahead would otherwise hand out every day between.
            var handed = 0
            while let next = planned[index].next, next.timeIntervalSince(now) <= lead(planned[index].entry),
                handed < 1000
            {
                due.append(
                    Occurrence(
                        entry: planned[index].entry, at: next,
                        missed: now.timeIntervalSince(next) > Self.graceSeconds))
                planned[index].next = planned[index].entry.next(after: next, calendar: calendar)
                handed += 1
            }
            if handed == 1000, let next = planned[index].next, next < now {
                planned[index].next = planned[index].entry.next(after: now, calendar: calendar)
            }
        }
        return due.sorted { $0.at < $1.at }
    }

    /// Seconds until the next occurrence is due (its lead included); nil when none is planned.
    func secondsUntilDue(now: Date, lead: (ScheduleEntry) -> Double) -> Double? {
        planned.compactMap { plan in plan.next.map { $0.timeIntervalSince(now) - lead(plan.entry) } }.min()
    }
}
