import Control
import Localization
import Settings

/// Every method of the protocol, in one table: the name a client sends, the type its params
/// decode into, and the conductor's code that answers it. docs/protocol.md names each of them,
/// and a test holds the two together.
///
/// Thread: control (the service's main thread): each handler runs there, one request at a time.
enum ServiceMethods {
    static let all: [ServiceMethod] = [
        ServiceMethod("hello", HelloParams.self) { conductor, params, connection in
            if let language = params.lang { connection.language = language.rawValue }
            return [
                "service": "meditate", "protocol": .number(ServiceConductor.protocolVersion),
                "version": .string(MeditateVersion.number), "web": conductor.web.url.map(JSONValue.string) ?? .null
            ]
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
        // Answered once the sit is made ready and started (`prepare`).
        ServiceMethod("sit.start", Resuming<SitRequest>.self) { conductor, params, _ throws(RPCError) in
            try conductor.prepareSit(params.request, resumeOther: params.resume, answer: nil)
            return .null
        },
        ServiceMethod("play.start", Resuming<PlayRequest>.self) { conductor, params, _ throws(RPCError) in
            try conductor.prepareTrack(params.request, resumeOther: params.resume, answer: nil)
            return .null
        },
        ServiceMethod("pause", NoParams.self) { conductor, _, _ throws(RPCError) in try conductor.pauseFront() },
        ServiceMethod("resume", NoParams.self) { conductor, _, _ throws(RPCError) in try conductor.resumeFront() },
        ServiceMethod("stop", NoParams.self) { conductor, _, _ throws(RPCError) in try conductor.stopFront() },
        ServiceMethod("seek", SeekParams.self) { conductor, params, _ throws(RPCError) in
            try conductor.playing.seek(params.move)
        },
        ServiceMethod("bell.ring", BellRequest.self) { conductor, request, _ throws(RPCError) in
            try conductor.ring(request, scheduled: nil, at: nil)
        },
        ServiceMethod("remind", RemindRequest.self) { conductor, request, _ throws(RPCError) in
            try conductor.scheduler.remindNow(request)
        },
        ServiceMethod("token.new", NoParams.self) { conductor, _, connection throws(RPCError) in
            try conductor.web.newToken(from: connection, logger: conductor.logger)
        },
        ServiceMethod("token.show", NoParams.self) { conductor, _, connection throws(RPCError) in
            try conductor.web.showToken(from: connection)
        },
        ServiceMethod("feed.show", NoParams.self) { conductor, _, _ throws(RPCError) in
            try conductor.web.showFeed()
        },
        ServiceMethod("feed.new", NoParams.self) { conductor, _, connection throws(RPCError) in
            try conductor.web.newFeed(from: connection, logger: conductor.logger)
        },
        ServiceMethod("history.list", HistoryListParams.self) { conductor, params, _ throws(RPCError) in
            try conductor.queries.historyList(newest: params.newest)
        },
        // Every client is told (`history-changed`), so that another page shows the history as it is.
        ServiceMethod("history.add", HistoryEntryParams.self) { conductor, params, _ throws(RPCError) in
            conductor.toldOfHistory(try conductor.queries.historyAdd(params))
        },
        ServiceMethod("history.edit", HistoryEntryParams.self) { conductor, params, _ throws(RPCError) in
            conductor.toldOfHistory(try conductor.queries.historyEdit(params))
        },
        ServiceMethod("history.remove", HistoryEntryParams.self) { conductor, params, _ throws(RPCError) in
            conductor.toldOfHistory(try conductor.queries.historyRemove(params))
        },
        ServiceMethod("stats", NoParams.self) { conductor, _, _ throws(RPCError) in try conductor.queries.stats() },
        ServiceMethod("presets", NoParams.self) { conductor, _, _ throws(RPCError) in try conductor.queries.presets() },
        ServiceMethod("course.list", NoParams.self) { conductor, _, _ throws(RPCError) in
            try conductor.queries.courseList()
        },
        ServiceMethod("sit.defaults", NoParams.self) { conductor, _, _ throws(RPCError) in
            try conductor.queries.sitDefaults()
        },
        ServiceMethod("library.list", PageParams.self) { conductor, params, _ throws(RPCError) in
            try conductor.queries.libraryList(after: params.after)
        },
        ServiceMethod("schedule.list", PageParams.self) { conductor, params, _ throws(RPCError) in
            try conductor.scheduler.list(after: params.after)
        },
        ServiceMethod("schedule.add", ScheduleParams.self) { conductor, params, _ throws(RPCError) in
            try conductor.scheduler.add(params)
        },
        ServiceMethod("schedule.remove", ScheduleIDParams.self) { conductor, params, _ throws(RPCError) in
            try conductor.scheduler.remove(params)
        },
        ServiceMethod("schedule.pause", ScheduleIDParams.self) { conductor, params, _ throws(RPCError) in
            try conductor.scheduler.pause(params, today: true)
        },
        ServiceMethod("schedule.resume", ScheduleIDParams.self) { conductor, params, _ throws(RPCError) in
            try conductor.scheduler.pause(params, today: false)
        }
    ]

    /// The table by name, for the conductor's `perform`.
    static let byName: [String: ServiceMethod] = Dictionary(
        all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
}
