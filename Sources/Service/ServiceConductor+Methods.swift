import Control
import Foundation
import Session
import Settings

/// Every method of the protocol, in one table: the name a client sends, the params it takes,
/// and the conductor's code that answers it. docs/protocol.md names each of them, and a test
/// holds the two together.
///
/// Thread: control (the service's main thread): each handler runs there, one request at a time.
extension ServiceConductor {
    static let methods: [ServiceMethod] = [
        ServiceMethod(name: "hello", params: "lang") { conductor, request, connection throws(RPCError) in
            try conductor.hello(request.params, from: connection)
        },
        ServiceMethod(name: "status", params: "") { conductor, _, _ in conductor.status },
        ServiceMethod(name: "subscribe", params: "") { conductor, _, connection in
            conductor.inbox.hub.subscribe(connection)
            // The state now, then every change after it: nothing falls between the two.
            return ["subscribed": true, "status": conductor.status]
        },
        ServiceMethod(name: "unsubscribe", params: "") { conductor, _, connection in
            conductor.inbox.hub.unsubscribe(connection)
            return ["subscribed": false]
        },
        ServiceMethod(name: "sit.start", params: "a sit's options, resume") { conductor, request, _ throws(RPCError) in
            try conductor.startSit(request.params)
        },
        ServiceMethod(name: "play.start", params: "track, a track's options, resume") {
            conductor, request, _ throws(RPCError) in try conductor.startTrack(request.params)
        },
        ServiceMethod(name: "pause", params: "") { conductor, _, _ throws(RPCError) in try conductor.pauseFront() },
        ServiceMethod(name: "resume", params: "") { conductor, _, _ throws(RPCError) in try conductor.resumeFront() },
        ServiceMethod(name: "stop", params: "") { conductor, _, _ throws(RPCError) in
            let session = try conductor.front()
            session.live.end()
            return ["stopping": true]
        },
        ServiceMethod(name: "seek", params: "seconds or by") { conductor, request, _ throws(RPCError) in
            try conductor.seek(request.params)
        },
        ServiceMethod(name: "bell.ring", params: "gong, strikes, volume") { conductor, request, _ throws(RPCError) in
            try conductor.ring(ParamsDecoder.decode(BellRequest.self, request.params), scheduled: nil, at: nil)
        },
        ServiceMethod(name: "token.new", params: "") { conductor, _, connection throws(RPCError) in
            try conductor.newToken(from: connection)
        },
        ServiceMethod(name: "history.list", params: "newest") { conductor, request, _ throws(RPCError) in
            try conductor.historyList(request.params)
        },
        ServiceMethod(name: "stats", params: "") { conductor, _, _ throws(RPCError) in try conductor.stats() },
        ServiceMethod(name: "presets", params: "") { conductor, _, _ throws(RPCError) in try conductor.presets() },
        ServiceMethod(name: "library.list", params: "") { conductor, _, _ throws(RPCError) in
            try conductor.libraryList()
        },
        ServiceMethod(name: "schedule.list", params: "") { conductor, _, _ throws(RPCError) in
            try conductor.scheduleList()
        },
        ServiceMethod(name: "schedule.add", params: "a schedule") { conductor, request, _ throws(RPCError) in
            try conductor.scheduleAdd(request.params)
        },
        ServiceMethod(name: "schedule.remove", params: "id") { conductor, request, _ throws(RPCError) in
            try conductor.scheduleRemove(request.params)
        },
        ServiceMethod(name: "schedule.pause", params: "id") { conductor, request, _ throws(RPCError) in
            try conductor.schedulePause(request.params, today: true)
        },
        ServiceMethod(name: "schedule.resume", params: "id") { conductor, request, _ throws(RPCError) in
            try conductor.schedulePause(request.params, today: false)
        }
    ]

    /// The table by name, for `perform`.
    static let methodsByName: [String: ServiceMethod] = Dictionary(
        methods.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    private func hello(_ params: JSONValue, from connection: ControlConnection) throws(RPCError) -> JSONValue {
        if let asked = params["lang"] {
            guard let language = asked.stringValue.flatMap(Language.init(rawValue:)) else {
                throw .invalidParams(localized("lang is en or de", de: "lang ist en oder de"))
            }
            connection.language = language.rawValue
        }
        return [
            "service": "meditate", "protocol": .number(Self.protocolVersion),
            "version": .string(MeditateVersion.number), "web": web.url.map(JSONValue.string) ?? .null
        ]
    }

    private func startSit(_ given: JSONValue) throws(RPCError) -> JSONValue {
        let (params, resume) = try Self.takeResume(given)
        let request = try ParamsDecoder.decode(SitRequest.self, params)
        let output = output
        return try start(.timer, resumeOther: resume) { () throws -> (LiveSession, SessionNote) in
            try ServiceSessionFactory.sit(request, output: output)
        }
    }

    private func startTrack(_ given: JSONValue) throws(RPCError) -> JSONValue {
        let (params, resume) = try Self.takeResume(given)
        let request = try ParamsDecoder.decode(PlayRequest.self, params)
        let output = output
        let paths = library.paths
        return try start(.guided, resumeOther: resume) { () throws -> (LiveSession, SessionNote) in
            try ServiceSessionFactory.guided(request, output: output, library: paths)
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
        carry(coordinator.request(for: session.source), cause: session)
        if session.live.isPaused { session.live.resume() }
        return ["resuming": true]
    }

    /// `resume` (true: when this session ends, the one it paused resumes) is the service's own
    /// member, not an option of the command line.
    private static func takeResume(_ params: JSONValue) throws(RPCError) -> (JSONValue, Bool) {
        guard case var .object(members) = params else { return (params, false) }
        guard let value = members.removeValue(forKey: "resume") else { return (params, false) }
        guard let flag = value.boolValue else { throw .invalidParams("resume is true or false") }
        return (.object(members), flag)
    }
}
