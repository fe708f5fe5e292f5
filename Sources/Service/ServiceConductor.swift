import Clock
import Control
import Foundation
import Library
import Localization
import Logging
import Outputs
import Practice
import Session
import Settings

/// The service's control thread (the main thread): takes the socket's requests, starts, pauses
/// and ends sessions, polls the one playing, tells subscribers and systemd what happens, and
/// writes the history as the session goes. Everything here runs on this one thread; the
/// socket's event loop only hands requests in (`ServiceInbox`).
package final class ServiceConductor: ScheduleTarget {
    let inbox: ServiceInbox
    /// The one device every sit, track and bell plays through.
    let output: ServiceOutput
    let library: ServiceLibrary
    /// The methods that only read: the history, stats, presets, tracks, a sit's defaults.
    let queries: ServiceQueries
    /// The WebSocket listener, if any, and its pairing token.
    let web: ServiceWeb
    let logger: Logger
    /// systemd told how the service is, and the memory given back once nothing plays.
    let upkeep = ServiceUpkeep()
    /// The sits, tracks and bells playing, held or ringing out, and who of them is heard.
    let playing = ServicePlaying()
    private(set) var stopping = false
    /// When the service was told to stop (monotonic seconds).
    private var stoppingSince = 0.0
    /// The history as the sessions go, and the records a full disk kept back.
    let records: RecordKeeper
    /// The schedules, fired through this conductor.
    let scheduler: ServiceScheduler
    /// Tells subscribers and the hooks what happens.
    let events: ServiceEvents
    /// The sit or track being made ready off this thread, at most one at a time.
    var preparation: ServicePreparation?
    /// The answers to the requests, now or later.
    let replies = ServiceReplies()
    /// The bells rung alone.
    let bells: BellRinger

    /// logind's sleep inhibitor while a session plays, and the notification when a sit ends,
    /// as `settings` (the session's, read once when it was asked for) have `notify`.
    func desktop(_ settings: Settings) -> DesktopPresence {
        DesktopPresence(logger: logger, settings: settings, library: library.paths)
    }

    /// The protocol's version: a client that speaks another may refuse to go on.
    static let protocolVersion = 1
    /// The time sat of a running session is written this often (seconds), on a timer of its
    /// own: a service killed outright loses less than 5 s of it, rounding and all. Written
    /// when the control thread happened to wake, it lost up to 6 s.
    static let recordEverySeconds = 4.0

    package init(
        inbox: ServiceInbox, output: OutputChoice, quietSeconds: Int, library: LibraryPaths, web: ServiceWeb,
        logger: Logger
    ) {
        self.inbox = inbox
        self.output = ServiceOutput(options: output, quietSeconds: quietSeconds) { [inbox] in inbox.wake() }
        self.web = web
        self.library = ServiceLibrary(paths: library, logger: logger)
        queries = ServiceQueries(library: self.library)
        records = RecordKeeper(library: self.library, logger: logger)
        events = ServiceEvents(hub: inbox.hub)
        scheduler = ServiceScheduler(library: self.library, events: events, alarm: inbox.alarm, logger: logger)
        bells = BellRinger(
            playing: playing, output: self.output, scheduler: scheduler, events: events, logger: logger)
        self.logger = logger
        scheduler.target = self
    }

    /// Runs until SIGTERM, SIGINT or SIGHUP, then ends the session playing with a fade,
    /// records it, and returns.
    package func run(socket: String) {
        ServiceUpkeep.keepLargeBlocksApart()
        // Outcomes first: a row they finish is not an interrupted one.
        records.takeSaved(socket: socket)
        records.closeInterrupted()
        scheduler.load()
        events.startHooks(logger: logger)
        defer { events.stopHooks(stoppingSince: stoppingSince) }
        output.say(to: logger)
        upkeep.notifier.ready(status: "idle")
        logger.notice("\(localized("listening on", de: "wartet auf")) \(socket)")
        // What started the service (the argument parser, the settings, the records and
        // schedules read) does not run again: its code need not stay resident all day.
        CodePages.giveBack()
        while true {
            for job in inbox.take() { replies.answer(job, by: perform) }
            let elsewhere = inbox.takeChangedElsewhere()
            if elsewhere.contains(.schedules) { scheduler.reloadChanged() }
            if elsewhere.contains(.history) { publish(["event": "history-changed"]) }
            if elsewhere.contains(.presets) { publish(["event": "presets-changed"]) }
            finishPreparation()
            if Interruption.requested && !stopping {
                stopping = true
                stoppingSince = MonotonicClock.seconds()
                upkeep.notifier.stopping()
                logger.notice("\(localized("stopping", de: "wird beendet"))")
                publish(["event": "stopping"])
                // A session still being made ready is never started; its thread is not waited for.
                cancelPreparation(
                    because: .refused(localized("the service is stopping", de: "der Dienst wird beendet")))
                for session in playing.sessions + playing.ringingOut { endForStop(session) }
                for bell in playing.bells { bell.live.end() }
            }
            if !stopping { scheduler.runDue() }
            for session in playing.sessions { tick(session) }
            for session in playing.ringingOut { tickRingingOut(session) }
            for bell in playing.bells where bells.tick(bell, busy: busy) { releaseMemoryWhenIdle() }
            if stopping && isSilent {
                records.retry(now: true)
                records.save(socket: socket)
                output.stop()
                break
            }
            records.retry()
            upkeep.pingWatchdog()
            upkeep.trimIfDue(silent: isSilent)
            inbox.sleep(milliseconds: sleepMilliseconds)
        }
    }

    /// Ends a session because the service stops. An open-ended sit has no end to fall short of:
    /// it is recorded with the time sat and faded out at once, not finished with a completion
    /// gong that rings some 18 s, past the 5 s systemd's unit waits before it kills.
    private func endForStop(_ session: ServiceSession) {
        guard session.beganOpen else {
            session.live.end()
            return
        }
        let status = session.live.status
        if !session.recordedOutcome { finishRecord(session, status: status, completed: status.satFrames > 0) }
        session.live.endPromptly()
    }

    /// Plans giving the memory the sessions freed back to the system once nothing plays.
    func releaseMemoryWhenIdle() {
        if isSilent { upkeep.trimSoon() }
    }

    /// Tells subscribers, and the hooks, what happened.
    /// `answer`, after every client is told that the history changed.
    func toldOfHistory(_ answer: JSONValue) -> JSONValue {
        publish(["event": "history-changed"])
        return answer
    }

    func publish(_ event: JSONValue) {
        events.publish(event)
    }

    /// The longest the control thread sleeps while a session plays: a second when systemd
    /// shows its status line (the time left, to the second); otherwise as long as the time
    /// sat may go unwritten, since a session's changes (a bell, a phase, its end, the output
    /// lost or back) wake it themselves.
    private var longestSleepMilliseconds: Int {
        upkeep.notifier.isListening ? 1000 : Int(Self.recordEverySeconds * 1000)
    }

    private var sleepMilliseconds: Int {
        var limit = playing.sleepMilliseconds(
            stopping: stopping, longest: longestSleepMilliseconds, recordEvery: Self.recordEverySeconds)
        var others = [upkeep.dueMilliseconds]
        if let due = records.retryDue {
            others.append(max(0, Int(((due - MonotonicClock.seconds()) * 1000).rounded(.up))))
        }
        if !stopping { others.append(scheduler.sleepMilliseconds) }
        for due in others.compactMap({ $0 }) { limit = limit < 0 ? due : min(limit, due) }
        return limit
    }

    // MARK: Requests

    /// Takes over the answer to the request being handled (`ServiceReplies.answerLater`).
    /// Thread: control, inside a method's handler.
    func answerLater() -> (Result<JSONValue, RPCError>) -> Void { replies.answerLater() }

    /// Answers `request` by the method table (`ServiceMethods`).
    private func perform(_ request: RPCRequest, from connection: ControlConnection) throws(RPCError) -> JSONValue {
        guard let method = ServiceMethods.byName[request.method] else { throw .methodNotFound(request.method) }
        return try method.answer(self, request, connection)
    }

    /// The session that pause, resume and stop act on: the one that owns the audio, else the
    /// newest.
    func front() throws(RPCError) -> ServiceSession {
        guard let session = playing.front else {
            throw .refused(localized("nothing is playing", de: "es spielt nichts"))
        }
        return session
    }

    var status: JSONValue {
        guard let front = try? front() else {
            guard let preparation else { return ["state": "idle"] }
            return ["state": "idle", "preparing": .string(preparation.source.rawValue)]
        }
        let status = front.live.status
        let others = playing.sessions.filter { $0 !== front }.map { $0.json($0.live.status) }
        return [
            "state": .string(status.phase.rawValue), "session": front.json(status),
            "held": .array(others)
        ]
    }
}
