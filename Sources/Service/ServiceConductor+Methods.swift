import Control
import Foundation
import Localization
import Session
import Settings

/// Every method of the protocol, in one table: the name a client sends, the type its params
/// decode into, and the conductor's code that answers it. docs/protocol.md names each of them,
/// and a test holds the two together.
///
/// Thread: control (the service's main thread): each handler runs there, one request at a time.
extension ServiceConductor {
    static let methods: [ServiceMethod] = [
        ServiceMethod("hello", HelloParams.self) { conductor, params, connection in
            conductor.hello(params, from: connection)
        },
        ServiceMethod("status", NoParams.self) { conductor, _, _ in conductor.status },
        ServiceMethod("subscribe", NoParams.self) { conductor, _, connection in
            conductor.inbox.hub.subscribe(connection)
            // The state now, then every change after it: nothing falls between the two.
            return ["subscribed": true, "status": conductor.status]
        },
        ServiceMethod("unsubscribe", NoParams.self) { conductor, _, connection in
            conductor.inbox.hub.unsubscribe(connection)
            return ["subscribed": false]
        },
        ServiceMethod("sit.start", Resuming<SitRequest>.self) { conductor, params, _ throws(RPCError) in
            try conductor.startSit(params.request, resumeOther: params.resume)
        },
        ServiceMethod("play.start", Resuming<PlayRequest>.self) { conductor, params, _ throws(RPCError) in
            try conductor.startTrack(params.request, resumeOther: params.resume)
        },
        ServiceMethod("pause", NoParams.self) { conductor, _, _ throws(RPCError) in try conductor.pauseFront() },
        ServiceMethod("resume", NoParams.self) { conductor, _, _ throws(RPCError) in try conductor.resumeFront() },
        ServiceMethod("stop", NoParams.self) { conductor, _, _ throws(RPCError) in
            // What is being made ready goes first: it is the newest, and never starts.
            let never = RPCError.refused(
                localized("stopped before it started", de: "beendet, bevor die Sitzung begann"))
            if conductor.cancelPreparation(because: never) { return ["stopping": true] }
            let session = try conductor.front()
            session.live.end()
            return ["stopping": true]
        },
        ServiceMethod("seek", SeekParams.self) { conductor, params, _ throws(RPCError) in
            try conductor.seek(params.move)
        },
        ServiceMethod("bell.ring", BellRequest.self) { conductor, request, _ throws(RPCError) in
            try conductor.ring(request, scheduled: nil, at: nil)
        },
        ServiceMethod("token.new", NoParams.self) { conductor, _, connection throws(RPCError) in
            try conductor.web.newToken(from: connection, logger: conductor.logger)
        },
        ServiceMethod("token.show", NoParams.self) { conductor, _, connection throws(RPCError) in
            try conductor.web.showToken(from: connection)
        },
        ServiceMethod("history.list", HistoryListParams.self) { conductor, params, _ throws(RPCError) in
            try conductor.queries.historyList(newest: params.newest)
        },
        ServiceMethod("stats", NoParams.self) { conductor, _, _ throws(RPCError) in try conductor.queries.stats() },
        ServiceMethod("presets", NoParams.self) { conductor, _, _ throws(RPCError) in try conductor.queries.presets() },
        ServiceMethod("sit.defaults", NoParams.self) { conductor, _, _ throws(RPCError) in
            try conductor.queries.sitDefaults()
        },
        ServiceMethod("library.list", NoParams.self) { conductor, _, _ throws(RPCError) in
            try conductor.queries.libraryList()
        },
        ServiceMethod("schedule.list", NoParams.self) { conductor, _, _ throws(RPCError) in
            try conductor.scheduleList()
        },
        ServiceMethod("schedule.add", ScheduleParams.self) { conductor, params, _ throws(RPCError) in
            try conductor.scheduleAdd(params)
        },
        ServiceMethod("schedule.remove", ScheduleIDParams.self) { conductor, params, _ throws(RPCError) in
            try conductor.scheduleRemove(params)
        },
        ServiceMethod("schedule.pause", ScheduleIDParams.self) { conductor, params, _ throws(RPCError) in
            try conductor.schedulePause(params, today: true)
        },
        ServiceMethod("schedule.resume", ScheduleIDParams.self) { conductor, params, _ throws(RPCError) in
            try conductor.schedulePause(params, today: false)
        }
    ]

    /// The table by name, for `perform`.
    static let methodsByName: [String: ServiceMethod] = Dictionary(
        methods.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    private func hello(_ params: HelloParams, from connection: ControlConnection) -> JSONValue {
        if let language = params.lang { connection.language = language.rawValue }
        return [
            "service": "meditate", "protocol": .number(Self.protocolVersion),
            "version": .string(MeditateVersion.number), "web": web.url.map(JSONValue.string) ?? .null
        ]
    }

    /// Answers once the sit is made ready and started (`prepare`).
    private func startSit(_ request: SitRequest, resumeOther resume: Bool) throws(RPCError) -> JSONValue {
        try prepareSit(request, resumeOther: resume, answer: nil)
        return .null
    }

    /// Answers once the track is made ready and started (`prepare`).
    private func startTrack(_ request: PlayRequest, resumeOther resume: Bool) throws(RPCError) -> JSONValue {
        try prepareTrack(request, resumeOther: resume, answer: nil)
        return .null
    }

    /// Makes `request`'s sit ready off this thread, at the rate decided here; `answer` (nil:
    /// the request being handled) is told when it starts or why not.
    func prepareSit(
        _ request: SitRequest, resumeOther: Bool, answer: ((Result<JSONValue, RPCError>) -> Void)?
    ) throws(RPCError) {
        var request = request
        // Read once (config.toml and the preset): for the rate here and the sit made ready.
        let settings = try Self.makeForClient { try request.settings() }
        request.sound[SettingKeys.sampleRate] = ServiceSessionFactory.sampleRate(
            for: request.sound[SettingKeys.sampleRate], output: output, settings: settings)
        let paths = library.paths
        try prepare(.timer, resumeOther: resumeOther, answer: answer) { [request] in
            try ServiceSessionFactory.prepare(request, settings: settings, library: paths)
        }
    }

    /// As `prepareSit`, for a guided track.
    func prepareTrack(
        _ request: PlayRequest, resumeOther: Bool, answer: ((Result<JSONValue, RPCError>) -> Void)?
    ) throws(RPCError) {
        var request = request
        // Read once: for the rate here and the track made ready.
        let settings = try Self.makeForClient { try Settings.load() }
        request.sound[SettingKeys.sampleRate] = ServiceSessionFactory.sampleRate(
            for: request.sound[SettingKeys.sampleRate], output: output, settings: settings)
        let paths = library.paths
        try prepare(.guided, resumeOther: resumeOther, answer: answer) { [request] in
            try ServiceSessionFactory.prepare(request, settings: settings, library: paths)
        }
    }

    private func pauseFront() throws(RPCError) -> JSONValue {
        let session = try front()
        guard session.live.pause() else {
            throw .refused(localized("too late to pause", de: "zu spät zum Pausieren"))
        }
        return ["pausing": true]
    }

    private func resumeFront() throws(RPCError) -> JSONValue {
        let session = try front()
        guard session.live.isPaused else { throw .refused(localized("not paused", de: "nicht pausiert")) }
        // A session the coordinator held for another takes the audio back, holding that one.
        carry(playing.coordinator.request(for: session.source), cause: session)
        if session.live.isPaused { session.live.resume() }
        return ["resuming": true]
    }
}
