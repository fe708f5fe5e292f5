import Clock
import Control
import Foundation
import Library
import Localization
import Outputs
import Practice
import Session
import Settings

/// The sits and tracks the service plays: started through the coordinator (which holds the
/// other source), polled as the device plays them, told to clients, recorded as they go.
///
/// Thread: control (the service's main thread), as all of the conductor.
extension ServiceConductor {
    /// Makes a session ready on a thread of its own (`ServicePreparation`) and starts it once it
    /// is, unless it was stopped first; `answer` is told either way. Refused at once when
    /// `start` would refuse it, or while another is being made ready.
    /// Thread: control.
    /// `answer` nil: the request being handled is answered then (`answerLater`); a refusal
    /// here is its answer now.
    func prepare(
        _ source: AudioSource, resumeOther: Bool, answer: ((Result<JSONValue, RPCError>) -> Void)?,
        work: @escaping @Sendable () throws -> PreparedSession
    ) throws(RPCError) {
        try checkStartable(source)
        guard preparation == nil else {
            throw .refused(
                localized(
                    "another session is being made ready; stop it first",
                    de: "eine andere Sitzung wird vorbereitet; beende sie zuerst"))
        }
        let made = ServicePreparation(
            source: source, resumeOther: resumeOther, language: Language.requested,
            answer: answer ?? answerLater())
        preparation = made
        // From silence, the code of what played before is given back before this session's
        // sounds are loaded beside it (the peak of a track followed by a sit was there).
        if isSilent { CodePages.giveBack() }
        made.start(wake: { [inbox] in inbox.wake() }, work: work)
    }

    /// Starts the session made ready, once its thread is done: a stopped one is dropped, never
    /// started (its answer said so when it was stopped).
    /// Thread: control.
    func finishPreparation() {
        guard let made = preparation, let outcome = made.finished else { return }
        preparation = nil
        guard !made.isCancelled else { return }
        let result = Language.$requested.withValue(made.language) { () -> Result<JSONValue, RPCError> in
            do throws(RPCError) {
                return .success(try start(outcome, source: made.source, resumeOther: made.resumeOther))
            } catch {
                return .failure(error)
            }
        }
        made.answer(result)
    }

    /// Gives up the session being made ready, if there is one: it is never started, and its
    /// answer is `reason`. True when there was one.
    /// Thread: control.
    @discardableResult
    func cancelPreparation(because reason: RPCError) -> Bool {
        guard let made = preparation else { return false }
        preparation = nil
        made.cancel()
        made.answer(.failure(reason))
        return true
    }

    /// Refuses a start that cannot be: the service stopping, or a session of the same source
    /// playing.
    /// Thread: control.
    private func checkStartable(_ source: AudioSource) throws(RPCError) {
        guard !stopping else { throw .refused(localized("the service is stopping", de: "der Dienst wird beendet")) }
        // A completed session whose gong still rings out is no longer in the way.
        letCompletedRingOut()
        if session(of: source) != nil {
            throw .refused(
                source == .timer
                    ? localized("a sit is playing; stop it first", de: "ein Sitzen läuft; beende es zuerst")
                    : localized(
                        "a guided track is playing; stop it first",
                        de: "eine geführte Aufnahme läuft; beende sie zuerst"))
        }
    }

    /// Starts a session for `source` of what was made ready off this thread (`prepare`; its
    /// failure is the answer): the coordinator gives it the audio, and whatever else was
    /// sounding is paused with a fade (it keeps its place). No file is read here.
    private func start(
        _ prepared: Result<PreparedSession, any Error>, source: AudioSource, resumeOther: Bool
    ) throws(RPCError) -> JSONValue {
        try checkStartable(source)
        let output = output
        var ready = try RPCError.forClient { try prepared.get() }
        // A sit until a time of day: its length from this instant, however long it took to be ready.
        if let fixing = ready.fixingUntil,
            let again = try RPCError.forClient({ try fixing(Date().timeIntervalSince1970) })
        {
            ready = again
        }
        let (live, made) = try RPCError.forClient { try ServiceSessionFactory.live(ready, output: output) }
        let note = made.text
        let started = ServiceSession(
            live: live, number: playing.nextNumber(), source: source, note: made, resumeOther: resumeOther,
            startedAt: Date().timeIntervalSince1970, desktop: desktop(ready.settings), sounds: ready.sounds,
            kind: ready.kind,
            after: ready.after)
        carry(playing.coordinator.request(for: source), cause: started)
        // From silence, the code of what played before (a track's decoder before a sit) is
        // given back: only this session's stays resident while it plays.
        if isSilent { CodePages.giveBack() }
        do {
            try live.start(at: ready.startsAt.map { MonotonicClock.seconds() + ($0 - Date().timeIntervalSince1970) })
        } catch {
            // Nothing was heard of it: what it paused plays on.
            if let held = playing.held {
                carry(playing.coordinator.request(for: held.source), cause: started)
            }
            throw .failed(FailureLine.line(for: error))
        }
        started.remark = ready.remark
        playing.add(started)
        started.sleepInhibitor = started.desktop.inhibitSleep(name: note)
        started.recordID = records.begin(
            PracticeSession(
                startedAt: started.startedAt, kind: started.kind, note: started.storedNote,
                plannedSeconds: started.plannedSeconds, satSeconds: 0, completed: false, remark: started.remark,
                track: started.track))
        started.lastWritten = MonotonicClock.seconds()
        logger.notice("\(localized("started", de: "begonnen")): \(note); \(live.outputSummary)")
        let json = started.json(live.status)
        publish(["event": "session-started", "session": json])
        return ["session": json]
    }

    /// Carries out the coordinator's directives on the sessions they name, and tells clients.
    func carry(_ directives: [CoordinatorDirective], cause: ServiceSession) {
        for directive in directives {
            switch directive {
            case let .pause(source):
                guard let session = session(of: source) else { continue }
                session.live.pause()
                logger.notice("\(localized("held for", de: "angehalten für")) \(cause.note): \(session.note)")
                publish([
                    "event": "handover", "action": "pause", "id": .number(session.number),
                    "for": .number(cause.number)
                ])
            case let .resume(source):
                guard let session = session(of: source) else { continue }
                session.live.resume()
                logger.notice("\(localized("resumed", de: "fortgesetzt")): \(session.note)")
                publish([
                    "event": "handover", "action": "resume", "id": .number(session.number),
                    "after": .number(cause.number)
                ])
            }
        }
    }

    func session(of source: AudioSource) -> ServiceSession? { playing.session(of: source) }

    /// Nothing sounds: no session, none ringing out, no bell.
    var isSilent: Bool { playing.isSilent }

    /// Whether a session is playing or held: one that has completed and only rings out its
    /// last gong is not (a schedule's sit or bell may start over it).
    var busy: Bool {
        playing.hasUnfinished || preparation != nil
    }

    /// A new session is starting: every completed session still ringing out its last gong, and
    /// every stopped one still fading out, gives up its place (to the coordinator, `status`,
    /// `pause` and `stop`) and sounds out beneath the new one untouched, its record written.
    /// Its `session-ended` comes when its last frame has played. Before, the next sit was
    /// refused for the 18 s a completion gong rings, and, after `ctl stop`, for the fade's 120 ms
    /// (which a script's `ctl stop; ctl sit` always fell into).
    func letCompletedRingOut() {
        for session in playing.sessions where session.isComplete || session.live.isEnding {
            if !session.recordedOutcome {
                finishRecord(session, status: session.live.status, completed: session.isComplete)
            }
            playing.ringOut(session)
            logger.info("\(localized("ringing out", de: "klingt aus")): \(session.note)")
        }
    }

    /// A completed session ringing out beneath a newer one: ended once its last frame has played.
    func tickRingingOut(_ session: ServiceSession) {
        let finished = session.live.isFinished
        _ = session.live.poll()
        for notice in session.live.takeNotices() {
            logger.log(level: notice.isWarning ? .warning : .notice, "\(notice.line)")
        }
        guard finished else { return }
        playing.rangOut(session)
        announceEnd(session, last: session.live.status)
        releaseMemoryWhenIdle()
    }

    /// Tells the coordinator where a session is, as the device plays it.
    func report(_ session: ServiceSession, _ phase: SessionPhase) {
        do {
            try playing.report(session, phase)
        } catch {
            logger.debug("coordinator: \(error)")
        }
    }

    // MARK: The sessions playing

    func tick(_ session: ServiceSession) {
        // Read before the poll: a session that finishes after it is finished at the next tick,
        // and none of its last events falls between the poll and the end.
        let finished = session.live.isFinished
        let events = session.live.poll()
        for notice in session.live.takeNotices() {
            logger.log(level: notice.isWarning ? .warning : .notice, "\(notice.line)")
        }
        // A track that cannot be read on (its file cut short, damaged) ends the session once what
        // was read has been heard, with one line saying why, as `meditate play` says it.
        if !session.toldTrackFailure, let failure = session.live.trackFailure {
            session.toldTrackFailure = true
            logger.error("\(FailureLine.line(for: failure))")
            session.live.end()
        }
        let status = session.live.status
        for event in events {
            switch event {
            // A gong of no sound is no bell: no client names it.
            case let .gong(gong): if session.sounds.rings(gong) { publish(session.bellEvent(gong, status: status)) }
            case let .moved(frame):
                let rate = Double(session.live.outline.format.sampleRate)
                publish([
                    "event": "moved", "id": .number(session.number), "position": .finite(Double(frame) / rate)
                ])
            default: break
            }
        }
        // The phase a start gong begins is told after the gong, whose event waits for the device.
        if session.toldPhase != status.phase && !session.live.holdsAGong {
            session.toldPhase = status.phase
            report(session, status.phase)
            // A sleep's sitting is falling asleep, in the log as on every face.
            let word = session.kind == .sleep && status.phase == .sitting ? say(.phaseSleeping) : status.phase.word
            logger.notice("\(session.note): \(word)")
            publish([
                "event": "phase", "phase": .string(status.phase.rawValue), "session": session.json(status)
            ])
        }
        // After the phase: a track's first position follows its `playing`.
        if let position = session.positionEvent(status) { publish(position) }
        let waiting = session.live.isWaitingForOutput
        if waiting != session.toldWaiting {
            session.toldWaiting = waiting
            publish(["event": waiting ? "output-lost" : "output-back"])
        }
        if session.source == playing.coordinator.owner || playing.sessions.count == 1 {
            upkeep.notifier.status(session.statusLine(status))
        }
        if status.phase == .complete && !session.recordedOutcome {
            // Recorded at the completion gong: the seconds it rings out add nothing to lose.
            finishRecord(session, status: status, completed: true)
        } else if !session.recordedOutcome, MonotonicClock.seconds() - session.lastWritten >= Self.recordEverySeconds {
            session.lastWritten = MonotonicClock.seconds()
            // A paused session's time sat stands still: writing it again would only wake the
            // disk (each write is a transaction, synced) every few seconds for as long as it waits.
            let sat = session.satSeconds(status)
            if let id = session.recordID, sat != session.writtenSatSeconds {
                session.writtenSatSeconds = sat
                records.update(running: id, satSeconds: sat)
            }
        }
        guard finished else { return }
        finish(session)
    }

    /// The session's last sound has played: it is recorded, removed, and the session it paused
    /// resumes if it asked for that.
    func finish(_ session: ServiceSession) {
        let last = session.live.status
        if !session.recordedOutcome { finishRecord(session, status: last, completed: last.phase == .complete) }
        session.sleepInhibitor?.release()
        playing.release(session)
        announceEnd(session, last: last)
        // A sleep that ran to its end, its bed faded: the machine may sleep too (never after a
        // stop, nor while the service itself stops).
        if session.after == .suspend, last.phase == .complete, !stopping { session.desktop.suspend() }
        if session.resumeOther, !stopping, let held = playing.held {
            carry(playing.coordinator.request(for: held.source), cause: session)
        }
        if playing.sessions.isEmpty { upkeep.notifier.status("idle") }
        releaseMemoryWhenIdle()
    }

    /// Tells clients and the log that a session's last sound has played.
    private func announceEnd(_ session: ServiceSession, last: LiveStatus) {
        if let failure = session.live.failure { logger.error("\(FailureLine.line(for: failure))") }
        publish(
            session.outcomeEvent(
                "session-ended", completed: last.phase == .complete, satSeconds: session.satSeconds(last)))
        logger.notice("\(localized("ended", de: "beendet")): \(session.note)")
    }

    func finishRecord(_ session: ServiceSession, status: LiveStatus, completed: Bool) {
        session.recordedOutcome = true
        let sat = session.satSeconds(status)
        records.write(session.outcome(satSeconds: sat, completed: completed))
        // A sit that ran its course is told to the desktop (a user's service has its session bus).
        // A sleep ends without a word.
        if completed && !stopping && session.kind != .sleep { session.desktop.notifyEnded(satSeconds: sat) }
        publish(session.outcomeEvent("session-recorded", completed: completed, satSeconds: sat))
    }
}
