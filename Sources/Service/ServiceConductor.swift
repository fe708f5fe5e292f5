import CMalloc
import Clock
import Control
import Foundation
import Library
import Localization
import Logging
import Outputs
import Session
import Settings

/// The service's control thread (the main thread): takes the socket's requests, starts, pauses
/// and ends sessions, polls the one playing, tells subscribers and systemd what happens, and
/// writes the history as the session goes. Everything here runs on this one thread; the
/// socket's event loop only hands requests in (`ServiceInbox`).
package final class ServiceConductor {
    let inbox: ServiceInbox
    /// The one device every sit, track and bell plays through.
    let output: ServiceOutput
    let library: ServiceLibrary
    /// The methods that only read: the history, stats, presets, tracks, a sit's defaults.
    let queries: ServiceQueries
    /// The WebSocket listener, if any, and its pairing token.
    let web: ServiceWeb
    var logger: Logger
    var notifier = SystemdNotifier()
    /// The sits, tracks and bells playing, held or ringing out, and who of them is heard.
    let playing = ServicePlaying()
    private(set) var stopping = false
    /// When the service was told to stop (monotonic seconds).
    private var stoppingSince = 0.0
    /// Numbers the sessions and bells, one count for both.
    var sessionsStarted = 0
    private var lastPing = 0.0
    /// When to give freed memory back (`releaseMemoryWhenIdle`), on the monotonic clock.
    private var trimDue: Double?
    /// The wall clock less the monotonic one at the last wake-up (a step moves it).
    var wallClockOffset: Double?
    /// Final records whose write failed, to write again (`keepUnwritten`), and when.
    var unwrittenRecords: [PendingRecord] = []
    var recordRetryDue: Double?
    let schedule = ServiceSchedule()
    /// Runs `[hooks]` on events, on a thread of its own; set when the service starts.
    private var hooks: HookRunner?
    /// The sit or track being made ready off this thread, at most one at a time.
    var preparation: ServicePreparation?
    /// The request being answered (`handle`), and whether its answer comes later (a session
    /// that is being made ready answers when it starts).
    private var answering: ServiceInbox.Job?
    private var answersLater = false

    /// logind's sleep inhibitor while a session plays, and the notification when a sit ends,
    /// as `settings` (the session's, read once when it was asked for) have `notify`.
    func desktop(_ settings: Settings) -> DesktopPresence {
        DesktopPresence(logger: logger, notify: settings.value(SettingKeys.notify, flag: nil), library: library.paths)
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
        self.logger = logger
    }

    /// Runs until SIGTERM, SIGINT or SIGHUP, then ends the session playing with a fade,
    /// records it, and returns.
    package func run(socket: String) {
        Self.keepLargeBlocksApart()
        // Outcomes first: a row they finish is not an interrupted one.
        takeSavedRecords(socket: socket)
        closeInterruptedRecords()
        loadSchedules()
        startHooks()
        defer { hooks?.stop(waitingUpTo: hookGrace) }
        checkOutput()
        notifier.ready(status: "idle")
        logger.notice("\(localized("listening on", de: "wartet auf")) \(socket)")
        // What started the service (the argument parser, the settings, the records and
        // schedules read) does not run again: its code need not stay resident all day.
        CodePages.giveBack()
        while true {
            for job in inbox.take() { handle(job) }
            finishPreparation()
            if Interruption.requested && !stopping {
                stopping = true
                stoppingSince = MonotonicClock.seconds()
                notifier.stopping()
                logger.notice("\(localized("stopping", de: "wird beendet"))")
                publish(["event": "stopping"])
                // A session still being made ready is never started; its thread is not waited for.
                cancelPreparation(
                    because: .refused(localized("the service is stopping", de: "der Dienst wird beendet")))
                for session in playing.sessions + playing.ringingOut { endForStop(session) }
                for bell in playing.bells { bell.live.end() }
            }
            if !stopping { runSchedules() }
            for session in playing.sessions { tick(session) }
            for session in playing.ringingOut { tickRingingOut(session) }
            for bell in playing.bells { tick(bell) }
            if stopping && isSilent {
                retryUnwrittenRecords(now: true)
                saveUnwrittenRecords(socket: socket)
                output.stop()
                break
            }
            retryUnwrittenRecords()
            pingWatchdog()
            trimWhenDue()
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

    /// How long a stopping service waits for hooks still running (the `session-ended` of a
    /// sit it ended, say) before it kills them: half a second, less what the stop has taken
    /// beyond `hookDeadlineSeconds - hookGraceSeconds` (the fade of what played), so that
    /// SIGTERM ends the service within a second whatever its hooks do.
    private var hookGrace: Double {
        let left = stoppingSince + Self.hookDeadlineSeconds - MonotonicClock.seconds()
        return min(Self.hookGraceSeconds, max(Self.leastHookGraceSeconds, left))
    }

    static let hookGraceSeconds = 0.5
    /// After SIGTERM, when hooks still running are killed at the latest.
    static let hookDeadlineSeconds = 0.8
    static let leastHookGraceSeconds = 0.05

    /// Says at the start what the sessions will play through, or why nothing answers (a
    /// `--device` that names nothing, no sound server yet), rather than at the first bell of
    /// the morning. The service serves either way: each session opens the output anew. The
    /// check also brings in the sound libraries' code and ALSA's configuration, which the first
    /// session would otherwise bring in (1 MiB resident, kept from then on either way).
    private func checkOutput() {
        do {
            let settings = try Settings.load()
            let summary = try output.check(settings: settings)
            logger.notice("\(localized("output", de: "Ausgabe")): \(summary)")
        } catch {
            logger.warning(
                "\(localized("output", de: "Ausgabe")): \(FailureLine.line(for: error)) (\(localized("each session tries again", de: "jede Sitzung versucht es erneut")))"
            )
        }
    }

    private func startHooks() {
        do {
            let settings = try Settings.load().file.hooks
            hooks = HookRunner(settings: settings, logger: logger)
            if !settings.commands.isEmpty {
                logger.notice(
                    "\(localized("hooks", de: "Hooks")): \(settings.commands.keys.sorted().joined(separator: ", "))")
            }
        } catch {
            logger.error("\(localized("no hooks", de: "keine Hooks")): \(FailureLine.line(for: error))")
        }
    }

    /// Plans giving the memory the sessions freed back to the system once nothing plays: the
    /// decoder's and mixer's threads free into malloc's arenas, which otherwise keep it, and a
    /// service that runs for months must not grow by what it once played.
    func releaseMemoryWhenIdle() {
        guard isSilent else { return }
        trimDue = MonotonicClock.seconds() + Self.trimDelaySeconds
    }

    /// How long after the last session ends the memory is given back: while `finish` runs, the
    /// session and its program are still held (by the loop that ticks them). Trimmed there,
    /// the heap kept 0.45 MiB more resident after a track and a sit; trimmed after, 0.2.
    static let trimDelaySeconds = 0.2

    /// Gives back what malloc keeps, once the delay after the last session has passed and
    /// nothing has started since.
    private func trimWhenDue() {
        guard let due = trimDue, MonotonicClock.seconds() >= due else { return }
        trimDue = nil
        guard isSilent else { return }
        malloc_trim(0)
        // The sessions' code too (decoders, the mixer, the output's library): a service that
        // played an hour kept 3.5 MiB more resident idle than before, most of it code.
        CodePages.giveBack()
    }

    /// Large blocks (a session's rings, the decoder's buffers) get pages of their own, given
    /// back when freed. glibc otherwise raises its threshold to the largest block freed, and
    /// the next session's rings land in the heap, where what stays around them pins their
    /// pages: measured, 1.1 MiB more kept idle after a track and a sit (the heap 1.6 MiB
    /// larger instead of 0.4), at no measurable cost in CPU.
    static func keepLargeBlocksApart() {
        _ = mallopt(M_MMAP_THRESHOLD, 64 * 1024)
        _ = mallopt(M_TRIM_THRESHOLD, 64 * 1024)
    }

    /// Tells subscribers, and the hooks, what happened.
    func publish(_ event: JSONValue) {
        inbox.hub.publish(event)
        hooks?.handle(event)
    }

    /// The longest the control thread sleeps while a session plays: a second when systemd
    /// shows its status line (the time left, to the second); otherwise as long as the time
    /// sat may go unwritten, since a session's changes (a bell, a phase, its end, the output
    /// lost or back) wake it themselves.
    private var longestSleepMilliseconds: Int {
        notifier.isListening ? 1000 : Int(Self.recordEverySeconds * 1000)
    }

    private var sleepMilliseconds: Int {
        var limit = -1
        for session in playing.sessions {
            var due = stopping ? 20 : session.live.millisecondsUntilDue(atMost: longestSleepMilliseconds)
            if let record = recordDueMilliseconds(session) { due = min(due, record) }
            // A track's position is told once a second, a little after each second passes.
            if let position = session.trackPosition(session.live.status), !session.live.isPaused {
                let fraction = position.seconds - position.seconds.rounded(.down)
                due = min(due, Int((1 - fraction) * 1000) + 5)
            }
            limit = limit < 0 ? due : min(limit, due)
        }
        for bell in playing.bells {
            let due = stopping ? 20 : min(bell.live.millisecondsUntilDue, 1000)
            limit = limit < 0 ? due : min(limit, due)
        }
        for session in playing.ringingOut {
            let due = stopping ? 20 : session.live.millisecondsUntilDue(atMost: longestSleepMilliseconds)
            limit = limit < 0 ? due : min(limit, due)
        }
        if let watchdog = notifier.watchdogMilliseconds { limit = limit < 0 ? watchdog : min(limit, watchdog) }
        for due in [trimDue, recordRetryDue].compactMap({ $0 }) {
            let wait = max(0, Int(((due - MonotonicClock.seconds()) * 1000).rounded(.up)))
            limit = limit < 0 ? wait : min(limit, wait)
        }
        if !stopping, let schedule = scheduleMilliseconds { limit = limit < 0 ? schedule : min(limit, schedule) }
        return limit
    }

    /// When the time sat of a session that is sitting is next to be written.
    private func recordDueMilliseconds(_ session: ServiceSession) -> Int? {
        guard !session.recordedOutcome, !session.live.isPaused else { return nil }
        let seconds = session.lastWritten + Self.recordEverySeconds - MonotonicClock.seconds()
        return max(0, Int((seconds * 1000).rounded(.up)))
    }

    private func pingWatchdog() {
        guard let watchdog = notifier.watchdogMilliseconds else { return }
        let now = MonotonicClock.seconds()
        if (now - lastPing) * 1000 >= Double(watchdog) * 0.9 {
            notifier.ping()
            lastPing = now
        }
    }

    // MARK: Requests

    private func handle(_ job: ServiceInbox.Job) {
        answering = job
        answersLater = false
        // Its refusals (and what it starts) in the words of the client's language.
        let outcome = Language.$requested.withValue(job.connection.language.flatMap(Language.init(rawValue:))) {
            () -> Result<JSONValue, RPCError> in
            do throws(RPCError) {
                return .success(try perform(job.request, from: job.connection))
            } catch {
                return .failure(error)
            }
        }
        answering = nil
        // A session being made ready answers when it starts, or is refused (`answerLater`).
        if answersLater { return }
        Self.reply(outcome, to: job)
    }

    /// Answers `job`, which then no longer counts against its connection's bound.
    private static func reply(_ outcome: Result<JSONValue, RPCError>, to job: ServiceInbox.Job) {
        // Counted against the connection's bound until done (`ControlConnection`).
        defer { job.connection.requestDone() }
        // A notification (no id) gets no reply, whatever happened.
        guard let id = job.request.id else { return }
        switch outcome {
        case let .success(result):
            let line = RPCMessage.result(result, id: id)
            // An answer past what a connection may hold unread would close it with no word:
            // the client is told instead. The methods keep theirs under it (`history.list`
            // leaves its oldest out); this is the net under them.
            guard line.utf8.count <= largestAnswerBytes else {
                let size = line.utf8.count / 1024
                let refusal = RPCError.failed(
                    localized(
                        "the answer would be \(size) KiB, more than the \(largestAnswerBytes / 1024) KiB a client is sent at once",
                        de:
                            "die Antwort wäre \(size) KiB groß, mehr als die \(largestAnswerBytes / 1024) KiB, die ein Client auf einmal bekommt"
                    ))
                job.connection.send(RPCMessage.error(refusal, id: id))
                return
            }
            job.connection.send(line)
        case let .failure(error): job.connection.send(RPCMessage.error(error, id: id))
        }
    }

    /// The longest answer sent: half what a connection may hold unread
    /// (`ControlServer.maximumQueuedBytes`), leaving room for the events queued beside it.
    static let largestAnswerBytes = ControlServer.maximumQueuedBytes / 2

    /// Takes over the answer to the request being handled: what `handle` would have sent now is
    /// sent by the returned function, once, later.
    /// Thread: control, inside a method's handler.
    func answerLater() -> (Result<JSONValue, RPCError>) -> Void {
        guard let job = answering else { return { _ in } }
        answersLater = true
        return { outcome in Self.reply(outcome, to: job) }
    }

    /// Answers `request` by the method table (`ServiceConductor+Methods`).
    private func perform(_ request: RPCRequest, from connection: ControlConnection) throws(RPCError) -> JSONValue {
        guard let method = Self.methodsByName[request.method] else { throw .methodNotFound(request.method) }
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

    // MARK: History

    /// Sessions a killed service left running are closed as ended early.
    private func closeInterruptedRecords() {
        guard let closed = library.record({ try $0.closeInterrupted() }), closed > 0 else { return }
        logger.notice(
            "\(localized("sessions a stopped service left open, recorded as ended early", de: "von einem beendeten Dienst offen gelassene Sitzungen, als vorzeitig beendet eingetragen")): \(closed)"
        )
    }

    /// The instant a gong's first sample reached the device (seconds since 1970): from the
    /// device's clock, else now less what the device has played since.
    static func wallClock(of gong: SessionPlan.Gong, in live: LiveSession, status: LiveStatus) -> Double {
        let now = Date().timeIntervalSince1970
        if let played = live.monotonicTime(ofSessionFrame: gong.frame) {
            return now - (MonotonicClock.seconds() - played)
        }
        let rate = Double(live.outline.format.sampleRate)
        return now - Double(max(0, status.sessionFrame - gong.frame)) / rate
    }
}
