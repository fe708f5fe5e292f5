import Control
import Foundation
import Library
import Logging
import Outputs
import Session

/// The service's control thread (the main thread): takes the socket's requests, starts, pauses
/// and ends sessions, polls the one playing, tells subscribers and systemd what happens, and
/// writes the history as the session goes. Everything here runs on this one thread; the
/// socket's event loop only hands requests in (`ServiceInbox`).
final class ServiceConductor {
    private let inbox: ServiceInbox
    private let output: OutputOptions
    let library: ServiceLibrary
    private var logger: Logger
    private var notifier = SystemdNotifier()
    private var sit: ServiceSit?
    private var stopping = false
    private var sessionsStarted = 0
    private var lastPing = 0.0

    /// The protocol's version: a client that speaks another may refuse to go on.
    static let protocolVersion = 1
    /// The time sat of a running session is written at least this often (seconds).
    static let recordEverySeconds = 5.0

    init(inbox: ServiceInbox, output: OutputOptions, library: LibraryPaths, logger: Logger) {
        self.inbox = inbox
        self.output = output
        self.library = ServiceLibrary(paths: library, logger: logger)
        self.logger = logger
    }

    /// Runs until SIGTERM, SIGINT or SIGHUP, then ends the session playing with a fade,
    /// records it, and returns.
    func run(socket: String) {
        closeInterruptedRecords()
        notifier.ready(status: "idle")
        logger.notice("\(localized("listening on", de: "wartet auf")) \(socket)")
        while true {
            for job in inbox.take() { handle(job) }
            if Interruption.requested && !stopping {
                stopping = true
                notifier.stopping()
                logger.notice("\(localized("stopping", de: "wird beendet"))")
                inbox.hub.publish(["event": "stopping"])
                sit?.live.end()
            }
            if let sit { tick(sit) }
            if stopping && sit == nil { break }
            pingWatchdog()
            inbox.sleep(milliseconds: sleepMilliseconds)
        }
    }

    private var sleepMilliseconds: Int {
        var limit = -1
        if let sit { limit = stopping ? 20 : min(sit.live.millisecondsUntilDue, 1000) }
        if let watchdog = notifier.watchdogMilliseconds { limit = limit < 0 ? watchdog : min(limit, watchdog) }
        return limit
    }

    private func pingWatchdog() {
        guard let watchdog = notifier.watchdogMilliseconds else { return }
        let now = Self.monotonic()
        if (now - lastPing) * 1000 >= Double(watchdog) * 0.9 {
            notifier.ping()
            lastPing = now
        }
    }

    // MARK: Requests

    private func handle(_ job: ServiceInbox.Job) {
        let outcome: Result<JSONValue, RPCError>
        do throws(RPCError) {
            outcome = .success(try perform(job.request, from: job.connection))
        } catch {
            outcome = .failure(error)
        }
        // A notification (no id) gets no reply, whatever happened.
        guard let id = job.request.id else { return }
        switch outcome {
        case let .success(result): job.connection.send(RPCMessage.result(result, id: id))
        case let .failure(error): job.connection.send(RPCMessage.error(error, id: id))
        }
    }

    private func perform(_ request: RPCRequest, from connection: ControlConnection) throws(RPCError) -> JSONValue {
        switch request.method {
        case "hello":
            return [
                "service": "meditate", "protocol": .number(Self.protocolVersion),
                "version": .string(Meditate.configuration.version)
            ]
        case "status": return status
        case "subscribe":
            inbox.hub.subscribe(connection)
            // The state now, then every change after it: nothing falls between the two.
            return ["subscribed": true, "status": status]
        case "unsubscribe":
            inbox.hub.unsubscribe(connection)
            return ["subscribed": false]
        case "sit.start": return try startSit(request.params)
        case "pause":
            let sit = try playing()
            guard sit.live.pause() else {
                throw .refused(localized("too late to pause", de: "zu spät zum Pausieren"))
            }
            return ["pausing": true]
        case "resume":
            let sit = try playing()
            guard sit.live.isPaused else { throw .refused(localized("not paused", de: "nicht pausiert")) }
            sit.live.resume()
            return ["resuming": true]
        case "stop":
            let sit = try playing()
            sit.live.end()
            return ["stopping": true]
        default:
            if let answer = try query(request.method, request.params) { return answer }
            throw .methodNotFound(request.method)
        }
    }

    private func playing() throws(RPCError) -> ServiceSit {
        guard let sit, !sit.live.isFinished else {
            throw .refused(localized("nothing is playing", de: "es spielt nichts"))
        }
        return sit
    }

    private var status: JSONValue {
        guard let sit else { return ["state": "idle"] }
        let status = sit.live.status
        return ["state": .string(status.phase.rawValue), "session": sit.json(status)]
    }

    private func startSit(_ params: JSONValue) throws(RPCError) -> JSONValue {
        guard !stopping else { throw .refused(localized("the service is stopping", de: "der Dienst wird beendet")) }
        if sit != nil {
            throw .refused(
                localized(
                    "a session is playing; stop it first", de: "eine Sitzung läuft; beende sie zuerst"))
        }
        let request = try SitRequest.parse(params: params)
        let live: LiveSession
        let note: String
        do {
            let settings = try request.preset.settings()
            let configuration = request.session.configuration(settings)
            let plan = try SessionPlan(configuration)
            let gong = try GongSetting.load(
                settings, flag: request.session.sound.gong, sampleRate: plan.format.sampleRate)
            note = SitDescription.of(configuration)
            live = try LiveSession(
                plan: plan, gong: gong,
                output: .request(output.request(sampleRate: plan.format.sampleRate, settings: settings)))
            try live.start()
        } catch let error as OutputError {
            throw .failed(ErrorMessages.line(for: error))
        } catch {
            throw .invalidParams(ErrorMessages.line(for: error))
        }
        sessionsStarted += 1
        let started = ServiceSit(
            live: live, number: sessionsStarted, note: note, startedAt: Date().timeIntervalSince1970)
        sit = started
        started.recordID = record { database in
            try database.begin(
                PracticeSession(
                    startedAt: started.startedAt, kind: .timer, note: note,
                    plannedSeconds: started.plannedSeconds, satSeconds: 0, completed: false))
        }
        started.lastWritten = Self.monotonic()
        logger.notice("\(localized("sit started", de: "Sitzen begonnen")): \(note); \(live.outputSummary)")
        let json = started.json(live.status)
        inbox.hub.publish(["event": "session-started", "session": json])
        return ["session": json]
    }

    // MARK: The session playing

    private func tick(_ sit: ServiceSit) {
        let events = sit.live.poll()
        for notice in sit.live.takeNotices() { logger.warning("\(notice.line)") }
        let status = sit.live.status
        for event in events {
            if case let .gong(gong) = event { tellBell(gong, sit: sit, status: status) }
        }
        if sit.toldPhase != status.phase {
            sit.toldPhase = status.phase
            logger.notice("\(localized("phase", de: "Phase")): \(status.phase.rawValue)")
            inbox.hub.publish(["event": "phase", "phase": .string(status.phase.rawValue), "session": sit.json(status)])
        }
        let waiting = sit.live.isWaitingForOutput
        if waiting != sit.toldWaiting {
            sit.toldWaiting = waiting
            inbox.hub.publish(["event": waiting ? "output-lost" : "output-back"])
        }
        notifier.status(sit.statusLine(status))
        if status.phase == .complete && !sit.recordedOutcome {
            // Recorded at the completion gong: the seconds it rings out add nothing to lose.
            finishRecord(sit, status: status, completed: true)
        } else if !sit.recordedOutcome, Self.monotonic() - sit.lastWritten >= Self.recordEverySeconds {
            sit.lastWritten = Self.monotonic()
            if let id = sit.recordID {
                record {
                    try $0.update(running: id, satSeconds: sit.satSeconds(status), completed: false, finished: false)
                }
            }
        }
        guard sit.live.isFinished else { return }
        _ = sit.live.poll()
        let last = sit.live.status
        if let failure = sit.live.failure { logger.error("\(ErrorMessages.line(for: failure))") }
        if !sit.recordedOutcome { finishRecord(sit, status: last, completed: last.phase == .complete) }
        inbox.hub.publish([
            "event": "session-ended", "id": .number(sit.number), "completed": .bool(last.phase == .complete),
            "satSeconds": .number(sit.satSeconds(last))
        ])
        logger.notice("\(localized("session ended", de: "Sitzung beendet"))")
        self.sit = nil
        notifier.status("idle")
    }

    private func tellBell(_ gong: SessionPlan.Gong, sit: ServiceSit, status: LiveStatus) {
        // The instant its first sample reached the device: now, less what the device has
        // played since (the session's frames move with the device's clock).
        let rate = Double(sit.live.program.format.sampleRate)
        let at = Date().timeIntervalSince1970 - Double(max(0, status.sessionFrame - gong.frame)) / rate
        guard case var .object(members) = sit.bell(gong) else { return }
        members["event"] = "bell"
        members["at"] = .finite(at)
        inbox.hub.publish(.object(members))
    }

    private func finishRecord(_ sit: ServiceSit, status: LiveStatus, completed: Bool) {
        sit.recordedOutcome = true
        let sat = sit.satSeconds(status)
        if let id = sit.recordID {
            record { try $0.update(running: id, satSeconds: sat, completed: completed, finished: true) }
        } else {
            record { database in
                try database.record(
                    PracticeSession(
                        startedAt: sit.startedAt, kind: .timer, note: sit.note,
                        plannedSeconds: sit.plannedSeconds, satSeconds: sat, completed: completed))
            }
        }
        inbox.hub.publish([
            "event": "session-recorded", "id": .number(sit.number), "completed": .bool(completed),
            "satSeconds": .number(sat)
        ])
    }

    // MARK: History

    @discardableResult
    private func record<T>(_ write: (LibraryDatabase) throws -> T) -> T? { library.record(write) }

    /// Sessions a killed service left running are closed as ended early.
    private func closeInterruptedRecords() {
        guard let closed = record({ try $0.closeInterrupted() }), closed > 0 else { return }
        logger.notice(
            "\(localized("sessions a stopped service left open, recorded as ended early", de: "von einem beendeten Dienst offen gelassene Sitzungen, als vorzeitig beendet eingetragen")): \(closed)"
        )
    }

    static func monotonic() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
