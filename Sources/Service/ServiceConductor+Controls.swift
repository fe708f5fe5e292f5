import Control
import Foundation
import Localization
import Session
import Settings

/// What a client's requests do to the sessions: start a sit or a track (made ready off this
/// thread), and pause, resume or stop the one in front. `ServiceMethods` is the table that
/// calls them.
///
/// Thread: control (the service's main thread), as all of the conductor.
extension ServiceConductor {
    /// Makes `request`'s sit ready off this thread, at the rate decided here; `answer` (nil:
    /// the request being handled) is told when it starts or why not.
    func prepareSit(
        _ request: SitRequest, resumeOther: Bool, answer: ((Result<JSONValue, RPCError>) -> Void)?
    ) throws(RPCError) {
        var request = request
        // Read once (config.toml and the preset): for the rate here and the sit made ready.
        let settings = try RPCError.forClient { try request.settings() }
        request.sound[SettingKeys.sampleRate] = ServiceSessionFactory.sampleRate(
            for: request.sound[SettingKeys.sampleRate], output: output, settings: settings)
        // `until`: the length as of now, its first frame heard a moment from now (arithmetic only).
        let fixed = try RPCError.forClient { try request.fixingUntil(settings, now: Date().timeIntervalSince1970) }
        let asked = request
        if let fixed { request = fixed.request }
        let paths = library.paths
        try prepare(.timer, resumeOther: resumeOther, answer: answer) { [request] in
            var prepared = try ServiceSessionFactory.prepare(
                request, settings: settings, library: paths, until: fixed == nil ? nil : asked)
            prepared.startsAt = fixed?.startsAt
            return prepared
        }
    }

    /// As `prepareSit`, for a guided track.
    func prepareTrack(
        _ request: PlayRequest, resumeOther: Bool, answer: ((Result<JSONValue, RPCError>) -> Void)?
    ) throws(RPCError) {
        var request = request
        // Read once: for the rate here and the track made ready.
        let settings = try RPCError.forClient { try Settings.load() }
        request.sound[SettingKeys.sampleRate] = ServiceSessionFactory.sampleRate(
            for: request.sound[SettingKeys.sampleRate], output: output, settings: settings)
        let paths = library.paths
        try prepare(.guided, resumeOther: resumeOther, answer: answer) { [request] in
            try ServiceSessionFactory.prepare(request, settings: settings, library: paths)
        }
    }

    func pauseFront() throws(RPCError) -> JSONValue {
        let session = try front()
        guard session.live.pause() else {
            throw .refused(localized("too late to pause", de: "zu spät zum Pausieren"))
        }
        return ["pausing": true]
    }

    func resumeFront() throws(RPCError) -> JSONValue {
        let session = try front()
        guard session.live.isPaused else { throw .refused(localized("not paused", de: "nicht pausiert")) }
        // A session the coordinator held for another takes the audio back, holding that one.
        carry(playing.coordinator.request(for: session.source), cause: session)
        if session.live.isPaused { session.live.resume() }
        return ["resuming": true]
    }

    /// Rings a bell (`BellRinger`), unless the service is stopping.
    func ring(_ request: BellRequest, scheduled: ScheduledRing?, at target: Double?) throws(RPCError) -> JSONValue {
        guard !stopping else { throw .refused(localized("the service is stopping", de: "der Dienst wird beendet")) }
        return try bells.ring(request, scheduled: scheduled, at: target)
    }

    func stopFront() throws(RPCError) -> JSONValue {
        // What is being made ready goes first: it is the newest, and never starts.
        let never = RPCError.refused(localized("stopped before it started", de: "beendet, bevor die Sitzung begann"))
        if cancelPreparation(because: never) { return ["stopping": true] }
        let session = try front()
        session.live.end()
        return ["stopping": true]
    }
}
