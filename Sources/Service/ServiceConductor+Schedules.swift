import Clock
import Control
import Foundation
import Library
import Localization
import Outputs
import Session
import Settings

/// The schedules: stored in the library, planned on the wall clock, fired through the same
/// paths as a client's request; one that falls inside a sit or a track is skipped (and says
/// so) unless it is to sound over it.
///
/// Thread: control (the service's main thread), as all of the conductor.
extension ServiceConductor {
    func scheduleList() throws(RPCError) -> JSONValue {
        try library.query { try ScheduleMethods.list($0) { $0.id.flatMap(schedule.nextInstant) } }
    }

    func scheduleAdd(_ params: ScheduleParams) throws(RPCError) -> JSONValue {
        let added = try library.query { try ScheduleMethods.add($0, params) }
        loadSchedules()
        let next = added.id.flatMap(schedule.nextInstant)
        let answer = try library.query { try ScheduleMethods.added($0, added, next: next) }
        publish(["event": "schedule-added", "schedule": answer["schedule"] ?? .null])
        return answer
    }

    func scheduleRemove(_ params: ScheduleIDParams) throws(RPCError) -> JSONValue {
        let id = JSONValue.number(try library.query { try ScheduleMethods.remove($0, params) })
        loadSchedules()
        publish(["event": "schedule-removed", "id": id])
        return ["removed": id]
    }

    /// `schedule.pause` (today: true) or `schedule.resume`.
    func schedulePause(_ params: ScheduleIDParams, today: Bool) throws(RPCError) -> JSONValue {
        let changed = try library.query { try ScheduleMethods.pause($0, params, today: today) }
        loadSchedules()
        let json = ScheduleRequest.json(changed, next: changed.id.flatMap(schedule.nextInstant))
        publish(["event": "schedule-changed", "schedule": json])
        return ["schedule": json]
    }

    func loadSchedules() {
        let entries = library.record { try $0.schedules() } ?? []
        schedule.load(entries, now: Date())
    }

    static func lead(_ entry: ScheduleEntry) -> Double {
        entry.action == .bell ? ServiceBell.leadSeconds : 0
    }

    /// How long the control thread may sleep before a schedule is due, and the wall-clock
    /// alarm set at the instant it is. The alarm fires at that instant however the clock is set
    /// meanwhile (NTP setting a Pi's clock after boot) and wakes the thread when it is set, so an
    /// idle service sleeps until then: nil, no wake-up at all, while nothing is due within
    /// `nearSeconds`. Within them it also looks every `longestScheduleWait`, for a clock set
    /// in a way the kernel does not announce (libfaketime's, which the tests set): with a
    /// minute's wait, a bell 90 s away and a clock set 60 s forward was reported missed. Where
    /// there is no timerfd, it always looks that often.
    var scheduleMilliseconds: Int? {
        let now = Date()
        let seconds = schedule.secondsUntilDue(now: now, lead: Self.lead)
        guard let alarm = inbox.alarm else {
            return seconds.map { Int((min(max($0, 0), Self.longestScheduleWait) * 1000).rounded(.up)) }
        }
        alarm.arm(at: seconds.map { now.addingTimeInterval(max($0, 0)) })
        guard let seconds, seconds <= Self.nearSeconds else { return nil }
        return Int((min(max(seconds, 0), Self.longestScheduleWait) * 1000).rounded(.up))
    }

    static let longestScheduleWait = 5.0
    /// How near a due schedule must be for the thread to look at the clock as well.
    static let nearSeconds = 120.0

    func runSchedules() {
        noticeClockStep()
        // Schedules due at one instant are one, as `schedule.add`'s clashes say: the first
        // sounds and the others are skipped as busy. Two sits at 07:00 are one sit, and a
        // thousand bells at 07:00 one bell, not a thousand voices summed past full scale and
        // a program each (those that sound over a sit share their instant too).
        var instants: Set<Date> = []
        for occurrence in schedule.takeDue(now: Date(), lead: Self.lead) {
            if !occurrence.missed && !occurrence.paused && !instants.insert(occurrence.at).inserted {
                skip(
                    occurrence, reason: "busy",
                    line: localized(
                        "another schedule sounds at this moment", de: "ein anderer Plan erklingt in diesem Augenblick"))
                continue
            }
            fire(occurrence)
        }
    }

    /// Compares the wall clock with the monotonic one: a difference that moved by more than a
    /// second since the last wake-up is a step of the clock, said in the log. The schedules are
    /// planned on the wall clock, so what is due is found anew from it either way.
    private func noticeClockStep() {
        let offset = Date().timeIntervalSince1970 - MonotonicClock.seconds()
        defer { wallClockOffset = offset }
        guard let last = wallClockOffset, abs(offset - last) > 1 else { return }
        let step = offset - last
        logger.notice(
            "\(localized("the clock was set", de: "die Uhr wurde gestellt")) \(step > 0 ? "+" : "")\(Language.current.decimal(String(format: "%.1f", step))) s; \(localized("schedules planned anew", de: "Pläne neu berechnet"))"
        )
    }

    private func fire(_ occurrence: ServiceSchedule.Occurrence) {
        let entry = occurrence.entry
        guard !occurrence.missed else {
            return skip(occurrence, reason: "missed", line: localized("missed", de: "verpasst"))
        }
        guard !occurrence.paused else {
            return skip(occurrence, reason: "paused", line: localized("paused for today", de: "heute ausgesetzt"))
        }
        if !entry.over && busy {
            return skip(
                occurrence, reason: "busy",
                line: localized("a session is playing", de: "eine Sitzung läuft"))
        }
        let options = JSONValue.parse(entry.options) ?? [:]
        do throws(RPCError) {
            switch entry.action {
            case .bell:
                let target = MonotonicClock.seconds() + occurrence.at.timeIntervalSinceNow
                let scheduled = ScheduledRing(
                    id: entry.id ?? 0, due: occurrence.at.timeIntervalSince1970, over: entry.over)
                _ = try ring(ParamsDecoder.decode(BellRequest.self, options), scheduled: scheduled, at: target)
            case .sit:
                let request = try ParamsDecoder.decode(SitRequest.self, options)
                try prepareSit(request, resumeOther: true, answer: madeReady(occurrence))
            case .play:
                let request = try ParamsDecoder.decode(PlayRequest.self, options)
                try prepareTrack(request, resumeOther: true, answer: madeReady(occurrence))
            }
        } catch {
            return skip(occurrence, reason: "failed", line: error.message)
        }
        // A bell starts ahead of its instant: it has fired when it is heard (`tick`); a sit or
        // a track when it has been made ready and started (`madeReady`).
        if entry.action == .bell { logFired(occurrence) }
    }

    private func logFired(_ occurrence: ServiceSchedule.Occurrence) {
        let entry = occurrence.entry
        logger.notice("\(localized("schedule", de: "Plan")) \(entry.id ?? 0): \(entry.action.rawValue)")
    }

    /// Tells that a sit or track of a schedule has started.
    private func publishFired(_ occurrence: ServiceSchedule.Occurrence) {
        let entry = occurrence.entry
        publish([
            "event": "schedule-fired", "schedule": .number(Int(entry.id ?? 0)),
            "action": .string(entry.action.rawValue), "due": .finite(occurrence.at.timeIntervalSince1970)
        ])
    }

    /// What a scheduled sit or track does once made ready: it has started, or it is skipped
    /// for the reason it could not.
    private func madeReady(_ occurrence: ServiceSchedule.Occurrence) -> (Result<JSONValue, RPCError>) -> Void {
        { [weak self] outcome in
            switch outcome {
            case let .failure(error):
                self?.skip(occurrence, reason: "failed", line: error.message)
            case .success:
                self?.logFired(occurrence)
                self?.publishFired(occurrence)
            }
        }
    }

    private func skip(_ occurrence: ServiceSchedule.Occurrence, reason: String, line: String) {
        let id = Int(occurrence.entry.id ?? 0)
        logger.notice("\(localized("schedule", de: "Plan")) \(id) \(localized("skipped", de: "ausgelassen")): \(line)")
        publish([
            "event": "schedule-skipped", "schedule": .number(id), "action": .string(occurrence.entry.action.rawValue),
            "due": .finite(occurrence.at.timeIntervalSince1970), "reason": .string(reason), "message": .string(line)
        ])
    }
}
