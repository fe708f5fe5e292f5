import Session

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
}
