import Clock
import Control
import Foundation
import Library
import Localization
import Logging
import Practice
import Session
import Settings

/// The schedules as the service keeps them: stored in the library, planned on the wall clock,
/// fired through the same paths as a client's request (`ScheduleTarget`); one that falls inside
/// a sit or a track is skipped (and says so) unless it is to sound over it.
///
/// Thread: control (the service's main thread).
final class ServiceScheduler {
    private let library: ServiceLibrary
    private let events: ServiceEvents
    private let logger: Logger
    /// The wall-clock timer the control thread sleeps on; nil where the kernel has none.
    private let alarm: WallClockAlarm?
    /// The conductor, which rings and starts what a schedule fires.
    weak var target: (any ScheduleTarget)?
    /// The next instants of every schedule.
    private let schedule = ServiceSchedule()
    /// The wall clock less the monotonic one at the last look (a step moves it).
    private var wallClockOffset: Double?

    init(library: ServiceLibrary, events: ServiceEvents, alarm: WallClockAlarm?, logger: Logger) {
        self.library = library
        self.events = events
        self.alarm = alarm
        self.logger = logger
    }

    // MARK: The `schedule.*` methods

    /// The schedules after the id `after`, as many as fit in one answer; `next` (the id to
    /// ask `after` next) when more follow.
    func list(after: Int = 0) throws(RPCError) -> JSONValue {
        try library.query { database in
            let listed = try ScheduleMethods.list(database, after: after) { entry in
                // Another device's service plans its own: said as `meditate schedule list` says
                // it, the next of its times by this machine's calendar.
                entry.runs(on: database.device)
                    ? entry.id.flatMap(schedule.nextInstant) : ScheduleMethods.nextFromNow(entry)
            }
            // Pages by id: the next begins after the last schedule sent.
            let schedules = listed["schedules"]?.arrayValue ?? []
            return AnswerPage.of(schedules, member: "schedules") { kept in schedules[kept - 1]["id"] }
        }
    }

    func add(_ params: ScheduleParams) throws(RPCError) -> JSONValue {
        let added = try library.query { try ScheduleMethods.add($0, params) }
        load()
        let next = added.id.flatMap(schedule.nextInstant)
        let answer = try library.query { try ScheduleMethods.added($0, added, next: next) }
        events.publish(["event": "schedule-added", "schedule": answer["schedule"] ?? .null])
        return answer
    }

    func remove(_ params: ScheduleIDParams) throws(RPCError) -> JSONValue {
        let id = JSONValue.number(try library.query { try ScheduleMethods.remove($0, params) })
        load()
        events.publish(["event": "schedule-removed", "id": id])
        return ["removed": id]
    }

    /// `schedule.pause` (today: true) or `schedule.resume`.
    func pause(_ params: ScheduleIDParams, today: Bool) throws(RPCError) -> JSONValue {
        let (here, changed) = try library.query { ($0.device, try ScheduleMethods.pause($0, params, today: today)) }
        load()
        let json = ScheduleRequest.json(changed, next: changed.id.flatMap(schedule.nextInstant), here: here)
        events.publish(["event": "schedule-changed", "schedule": json])
        return ["schedule": json]
    }

    /// Reads the schedules this service runs from the library and plans their next instants.
    func load() {
        let entries = library.record { try $0.schedulesRunHere() } ?? []
        schedule.load(entries, now: Date())
    }

    /// Plans anew after another device added, changed or removed a schedule (its file arrived),
    /// and tells the clients.
    func reloadChanged() {
        load()
        events.publish(["event": "schedules-changed"])
    }

    // MARK: Firing

    private static func lead(_ entry: ScheduleEntry) -> Double {
        entry.action == .bell ? ServiceBell.leadSeconds : 0
    }

    /// How long the control thread may sleep before a schedule is due, and the wall-clock
    /// alarm set at the instant it is. The alarm fires at that instant however the clock is set
    /// meanwhile (NTP setting a Pi's clock after boot) and wakes the thread when it is set, so an
    /// idle service sleeps until then: nil, no wake-up at all, while nothing is due within
    /// `nearSeconds`. Within them it also looks every `longestWait`, for a clock set in a way
    /// the kernel does not announce (libfaketime's, which the tests set): with a minute's wait,
    /// a bell 90 s away and a clock set 60 s forward was reported missed. Where there is no
    /// timerfd, it always looks that often.
    var sleepMilliseconds: Int? {
        let now = Date()
        let seconds = schedule.secondsUntilDue(now: now, lead: Self.lead)
        guard let alarm else {
            return seconds.map { Int((min(max($0, 0), Self.longestWait) * 1000).rounded(.up)) }
        }
        alarm.arm(at: seconds.map { now.addingTimeInterval(max($0, 0)) })
        guard let seconds, seconds <= Self.nearSeconds else { return nil }
        return Int((min(max(seconds, 0), Self.longestWait) * 1000).rounded(.up))
    }

    static let longestWait = 5.0
    /// How near a due schedule must be for the thread to look at the clock as well.
    static let nearSeconds = 120.0

    /// Fires, or skips, every schedule that is due.
    func runDue() {
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
        guard let target else { return }
        if !entry.over && target.busy {
            return skip(occurrence, reason: "busy", line: Self.busyLine)
        }
        let options = JSONValue.parse(entry.options) ?? [:]
        do throws(RPCError) {
            switch entry.action {
            case .bell:
                let at = MonotonicClock.seconds() + occurrence.at.timeIntervalSinceNow
                let scheduled = ScheduledRing(
                    id: entry.id ?? 0, due: occurrence.at.timeIntervalSince1970, over: entry.over)
                _ = try target.ring(ParamsDecoder.decode(BellRequest.self, options), scheduled: scheduled, at: at)
            case .sit:
                var request = try ParamsDecoder.decode(SitRequest.self, options)
                // Nobody is there to ask: a scheduled sit never suspends the machine, whatever its
                // preset, config.toml's [sleep] or a file in the shared folder say.
                request.after = .stop
                try target.prepareSit(request, resumeOther: true, answer: madeReady(occurrence))
            case .play:
                let request = try ParamsDecoder.decode(PlayRequest.self, options)
                try target.prepareTrack(request, resumeOther: true, answer: madeReady(occurrence))
            case .remind:
                var request = try ParamsDecoder.decode(RemindRequest.self, options)
                // "Sit now" offers the schedule's sit, which came from the shared folder: never
                // its suspend (the sitter's own settings still say what follows a sit).
                if request.sit.after == .suspend { request.sit.after = nil }
                // No sound unless asked: the bell of the settings, as soon as it can be heard.
                if request.bell { _ = try target.ring(BellRequest(), scheduled: nil, at: nil) }
                remind(occurrence, request)
            }
        } catch {
            return skip(occurrence, reason: "failed", line: error.message)
        }
        // A bell starts ahead of its instant: it has fired when it is heard (`firedBell`), and
        // a sit that starts in that lead withdraws it; a sit or a track has fired when it has
        // been made ready and started (`madeReady`).
    }

    /// A schedule's reminder is due: it has fired when it is told.
    private func remind(_ occurrence: ServiceSchedule.Occurrence, _ request: RemindRequest) {
        let entry = occurrence.entry
        logFired(id: entry.id, action: .remind)
        tellFired(id: entry.id, action: .remind, due: occurrence.at.timeIntervalSince1970)
        tellReminder(request, schedule: entry.id, due: occurrence.at.timeIntervalSince1970)
    }

    /// `remind`: a reminder now, as a schedule's would be (a test, an automation's own time);
    /// its sit is planned first, so that what is offered can start.
    func remindNow(_ request: RemindRequest) throws(RPCError) -> JSONValue {
        do {
            _ = try SessionPlan(request.sit.configuration(request.sit.settings()))
        } catch {
            throw .invalidParams(FailureLine.line(for: error))
        }
        // Only once the sit it offers is known to start: a refused reminder rings nothing.
        if request.bell { _ = try target?.ring(BellRequest(), scheduled: nil, at: nil) }
        return ["reminder": tellReminder(request, schedule: nil, due: Date().timeIntervalSince1970)]
    }

    /// Tells every client that it is time to sit (`reminder`): the desktop's notification, the
    /// page and MQTT offer the sit, which they start with `sit.start` and the event's `sit`.
    @discardableResult
    private func tellReminder(_ request: RemindRequest, schedule: Int64?, due: Double) -> JSONValue {
        var event: [String: JSONValue] = [
            "event": "reminder", "due": .finite(due), "bell": .bool(request.bell),
            "sit": (try? JSONValue(encoding: request.sit)) ?? [:]
        ]
        if let schedule { event["schedule"] = .number(Int(schedule)) }
        if let text = request.text { event["text"] = .string(text) }
        if let settings = try? request.sit.settings() {
            let configuration = request.sit.configuration(settings)
            event["description"] = .string(SitDescription.of(configuration))
            event["descriptionParts"] = .array(SitDescription.parts(configuration))
        }
        if let preset = request.sit.preset { event["preset"] = .string(preset) }
        events.publish(.object(event))
        return .object(event)
    }

    /// Why a schedule was skipped for a session.
    static var busyLine: String { localized("a session is playing", de: "eine Sitzung läuft") }

    private func logFired(id: Int64?, action: ScheduleEntry.Action) {
        logger.notice("\(localized("schedule", de: "Plan")) \(id ?? 0): \(action.rawValue)")
    }

    /// A schedule's bell has been heard: it has fired then, not when it was started.
    func firedBell(_ scheduled: ScheduledRing) {
        logFired(id: scheduled.id, action: .bell)
        tellFired(id: scheduled.id, action: .bell, due: scheduled.due)
    }

    private func tellFired(id: Int64?, action: ScheduleEntry.Action, due: Double) {
        events.publish([
            "event": "schedule-fired", "schedule": .number(Int(id ?? 0)), "action": .string(action.rawValue),
            "due": .finite(due)
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
                let entry = occurrence.entry
                self?.logFired(id: entry.id, action: entry.action)
                self?.tellFired(id: entry.id, action: entry.action, due: occurrence.at.timeIntervalSince1970)
            }
        }
    }

    private func skip(_ occurrence: ServiceSchedule.Occurrence, reason: String, line: String) {
        tellSkipped(
            id: occurrence.entry.id, action: occurrence.entry.action, due: occurrence.at.timeIntervalSince1970,
            reason: reason, line: line)
    }

    /// Tells that a schedule did not sound, and why (`reason` for programs, `line` for people).
    func tellSkipped(id: Int64?, action: ScheduleEntry.Action, due: Double, reason: String, line: String) {
        let number = Int(id ?? 0)
        logger.notice(
            "\(localized("schedule", de: "Plan")) \(number) \(localized("skipped", de: "ausgelassen")): \(line)")
        events.publish([
            "event": "schedule-skipped", "schedule": .number(number), "action": .string(action.rawValue),
            "due": .finite(due), "reason": .string(reason), "message": .string(line)
        ])
    }
}
