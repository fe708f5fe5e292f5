import Control
import Localization
import Session
import Settings

/// What the service plays and who of it is heard: the sits and tracks playing or held (at most
/// one per source), the completed ones still ringing out their last gong beneath a newer one,
/// the bells ringing alone, and the coordinator that gives one source the audio and holds the
/// other. The conductor starts, polls and records them; this keeps the lists and the
/// coordinator in step (a session leaves the list and the coordinator together).
///
/// Thread: control (the service's main thread), as the conductor.
final class ServicePlaying {
    /// The sessions playing or held, at most one per source.
    private(set) var sessions: [ServiceSession] = []
    /// Completed sessions whose last gong still rings out beneath a session started after them:
    /// they own nothing and hold nothing, and end when their last frame has played.
    private(set) var ringingOut: [ServiceSession] = []
    /// Bells ringing alone; they own no audio and hold nothing.
    private(set) var bells: [ServiceBell] = []
    /// Who is heard: starting a session for one source holds the other (a fade, its place kept).
    var coordinator = AudioSessionCoordinator()
    /// Numbers the sessions and bells, one count for both.
    private var started = 0

    /// The number of the next session or bell.
    func nextNumber() -> Int {
        started += 1
        return started
    }

    /// Nothing sounds: no session, none ringing out, no bell.
    var isSilent: Bool { sessions.isEmpty && ringingOut.isEmpty && bells.isEmpty }

    /// Whether a session is playing or held: one that has completed and only rings out its last
    /// gong is not.
    var hasUnfinished: Bool { sessions.contains { !$0.isComplete } }

    /// The bells still ringing.
    var bellsRinging: Int { bells.filter { !$0.live.isFinished }.count }

    func session(of source: AudioSource) -> ServiceSession? { sessions.first { $0.source == source } }

    /// The session a pause, resume or stop acts on: the one that owns the audio, else the newest
    /// not finished; nil when nothing plays.
    var front: ServiceSession? {
        let live = sessions.filter { !$0.live.isFinished }
        return live.first { $0.source == coordinator.owner } ?? live.last
    }

    /// The session the coordinator holds paused for another, if any.
    var held: ServiceSession? { sessions.first { coordinator.state(of: $0.source) == .paused } }

    func add(_ session: ServiceSession) { sessions.append(session) }

    func add(_ bell: ServiceBell) { bells.append(bell) }

    func remove(_ bell: ServiceBell) { bells.removeAll { $0 === bell } }

    /// Takes `session` out of the sessions, and out of the coordinator: it owns no audio and its
    /// source is idle.
    func release(_ session: ServiceSession) {
        sessions.removeAll { $0 === session }
        if coordinator.owner == session.source {
            _ = try? coordinator.release(for: session.source, resumingOther: false)
        }
        if coordinator.state(of: session.source) != .idle { try? coordinator.report(session.source, state: .idle) }
    }

    /// Moves `session` to those ringing out: released, sounding on untouched until its last
    /// frame has played.
    func ringOut(_ session: ServiceSession) {
        release(session)
        ringingOut.append(session)
    }

    /// A session that rang out has played its last frame.
    func rangOut(_ session: ServiceSession) { ringingOut.removeAll { $0 === session } }

    /// How long the control thread may sleep before a session or a bell wants a look (-1: none
    /// plays): at once while `stopping`, else when it says, and at most `longest` (ms).
    func sleepMilliseconds(stopping: Bool, longest: Int, recordEvery: Double) -> Int {
        var limit = -1
        func keep(_ due: Int) { limit = limit < 0 ? due : min(limit, due) }
        for session in sessions {
            var due = stopping ? 20 : session.live.millisecondsUntilDue(atMost: longest)
            if let record = session.recordDueMilliseconds(every: recordEvery) { due = min(due, record) }
            // A track's position is told once a second, a little after each second passes.
            if let position = session.trackPosition(session.live.status), !session.live.isPaused {
                let fraction = position.seconds - position.seconds.rounded(.down)
                due = min(due, Int((1 - fraction) * 1000) + 5)
            }
            keep(due)
        }
        for bell in bells { keep(stopping ? 20 : min(bell.live.millisecondsUntilDue, 1000)) }
        for session in ringingOut { keep(stopping ? 20 : session.live.millisecondsUntilDue(atMost: longest)) }
        return limit
    }

    /// Tells the coordinator where a session is, as the device plays it; nothing when it knows.
    func report(_ session: ServiceSession, _ phase: SessionPhase) throws(CoordinatorError) {
        let state: PlaybackState
        switch (phase, session.source) {
        case (.paused, _): state = .paused
        case (.complete, _): state = .complete
        case (.ended, _): return
        case (_, .guided): state = .playing
        case (.countdown, .timer): state = .countdown
        case (_, .timer): state = .sitting
        }
        guard coordinator.state(of: session.source) != state else { return }
        try coordinator.report(session.source, state: state)
    }

    /// `{"by": -30}` moves the track playing 30 s back, `{"to": 90}` to 1:30 (seconds).
    func seek(_ move: SeekParams.Move) throws(RPCError) -> JSONValue {
        guard
            let session = sessions.first(where: {
                !$0.live.isFinished && !$0.live.isPaused && $0.trackPosition($0.live.status) != nil
            })
        else {
            throw .refused(localized("no guided track is playing", de: "es spielt keine geführte Aufnahme"))
        }
        let rate = Double(session.live.outline.format.sampleRate)
        let limit = Double(SessionConfiguration.maxMinutes.rounded(times: 60))
        let moved =
            switch move {
            case let .by(by): session.live.seek(byFrames: Int((max(-limit, min(limit, by)) * rate).rounded()))
            case let .to(to): session.live.seek(toFrame: Int((max(0, min(limit, to)) * rate).rounded()))
            }
        guard moved else { throw .refused(localized("cannot seek now", de: "jetzt nicht spulbar")) }
        return ["seeking": true, "id": .number(session.number)]
    }
}
