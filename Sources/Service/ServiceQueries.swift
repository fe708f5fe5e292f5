import Control
import Foundation
import Library
import Localization
import Practice
import Session
import Settings

/// The methods that read what the service knows and change nothing: the history, the
/// practice statistics, the presets, the library of guided tracks, what a sit would be. They
/// need the library and config.toml, and nothing of what plays.
///
/// Thread: control (the service's main thread), as all of the conductor.
struct ServiceQueries {
    let library: ServiceLibrary

    /// The most recent sits, newest last: `{"newest": 20}` (1 to 1000; 20 when not given).
    func historyList(newest: Int) throws(RPCError) -> JSONValue {
        return try library.query { database in
            let zone = TimeZone.current
            let sessions = try database.practice(newest: newest).map { Self.json($0, in: zone) }
            // Sessions of many segments have long notes: the newest that fit in one answer are
            // sent, and `omitted` says how many older ones were left out.
            let kept = AnswerPage.fitting(sessions.reversed())
            guard kept < sessions.count else { return ["sessions": .array(sessions)] }
            return ["sessions": .array(Array(sessions.suffix(kept))), "omitted": .number(sessions.count - kept)]
        }
    }

    /// A sit done without the machine: `{"at": "2026-11-27T07:00", "minutes": 20, "note": "…"}`;
    /// answers `{"sit": …}` as `history.list` gives a sit.
    func historyAdd(_ params: HistoryEntryParams) throws(RPCError) -> JSONValue {
        guard let startedAt = params.startedAt, let seconds = params.satSeconds else {
            throw .invalidParams(
                localized("history.add needs at and minutes", de: "history.add braucht at und minutes"))
        }
        let sit = PracticeSession(
            startedAt: startedAt, kind: .manual, note: DurationText.words(seconds: seconds), plannedSeconds: seconds,
            satSeconds: seconds, completed: true, remark: params.remark ?? "")
        return try library.query { database in
            guard let added = try database.add(sit) else {
                throw RPCError.refused(
                    localized("that sit is in the history already", de: "diese Sitzung steht schon im Protokoll"))
            }
            return ["sit": Self.json(added)]
        }
    }

    /// A sit set right: `{"id": 12, "minutes": 25, "note": "…", "at": "…"}` (any of the three).
    func historyEdit(_ params: HistoryEntryParams) throws(RPCError) -> JSONValue {
        let id = try Self.id(params)
        guard params.startedAt != nil || params.satSeconds != nil || params.remark != nil else {
            throw .invalidParams(
                localized("history.edit needs at, minutes or note", de: "history.edit braucht at, minutes oder note"))
        }
        return try library.query { database in
            guard
                let edited = try database.edit(
                    id: id, startedAt: params.startedAt, satSeconds: params.satSeconds, remark: params.remark,
                    describe: DurationText.relengthened)
            else { throw Self.noSuchSit(id) }
            return ["sit": Self.json(edited)]
        }
    }

    /// A sit taken out of the history: `{"id": 12}`.
    func historyRemove(_ params: HistoryEntryParams) throws(RPCError) -> JSONValue {
        let id = try Self.id(params)
        return try library.query { database in
            guard let removed = try database.remove(id: id) else { throw Self.noSuchSit(id) }
            return ["removed": Self.json(removed)]
        }
    }

    private static func id(_ params: HistoryEntryParams) throws(RPCError) -> Int64 {
        guard let id = params.id else {
            throw .invalidParams(localized("the sit's id is needed", de: "die ID der Sitzung fehlt"))
        }
        return id
    }

    private static func noSuchSit(_ id: Int64) -> RPCError {
        .refused(localized("no sit \(id) in the history", de: "keine Sitzung \(id) im Protokoll"))
    }

    /// A sit as `history.list` gives it: its own note as `remark`, when it has one; its `uuid`,
    /// and the device it was sat on (`device`: `id`, `host`), when the history's files named them.
    static func json(_ session: PracticeSession, in zone: TimeZone = .current) -> JSONValue {
        var members: [String: JSONValue] = [
            "id": .number(Int(session.id ?? 0)), "date": .string(PracticeDate.iso(session.startedAt, in: zone)),
            "startedAt": .finite(session.startedAt), "kind": .string(session.kind.rawValue),
            "note": .string(NoteText.readable(session.note)), "plannedSeconds": .number(session.plannedSeconds),
            "satSeconds": .number(session.satSeconds), "completed": .bool(session.completed)
        ]
        if !session.remark.isEmpty { members["remark"] = .string(session.remark) }
        if let uuid = session.uuid { members["uuid"] = .string(uuid) }
        if !session.device.isEmpty {
            members["device"] = ["id": .string(session.device), "host": .string(session.host)]
        }
        return .object(members)
    }

    /// What `meditate stats` shows: totals, streaks, and seconds per day of the last 26 weeks.
    func stats() throws(RPCError) -> JSONValue {
        let settings: Settings
        do {
            settings = try Settings.load()
        } catch {
            throw .failed(FailureLine.line(for: error))
        }
        let practiceDays = PracticeDays(settings)
        let streaks = settings.value(SettingKeys.streaks, flag: nil)
        return try library.query { database in
            let totals = try database.practiceTotals(days: practiceDays)
            let today = practiceDays.today
            let stats = PracticeStats(totals, today: today)
            let first = today.adding(days: -(26 * 7 - 1))
            var days: [String: JSONValue] = [:]
            for (day, seconds) in stats.secondsByDay where day >= first && day <= today {
                days[day.description] = .number(seconds)
            }
            return [
                "sessions": .number(stats.sessions), "totalSeconds": .number(stats.totalSeconds),
                "averageSeconds": .number(stats.averageSeconds),
                // `streaks = false` in config.toml: null, and the page shows none.
                "currentStreak": streaks ? .number(stats.currentStreak) : .null,
                "longestStreak": streaks ? .number(stats.longestStreak) : .null, "today": .string(today.description),
                "secondsByDay": .object(days)
            ]
        }
    }

    /// The presets (saved ones and config.toml's), each as the options it sets.
    func presets() throws(RPCError) -> JSONValue {
        let settings: Settings
        do {
            settings = try Settings.load()
        } catch {
            throw .failed(FailureLine.line(for: error))
        }
        return ["presets": .object(settings.presets.mapValues { .object($0.mapValues { .string($0) }) })]
    }

    /// The guided tracks, grouped by teacher as `meditate library list` shows them.
    /// `library.list`: the tracks by teacher and title, from the `after`-th on, as many as one
    /// answer holds, with `next` (the place the next page begins) when more follow (`AnswerPage`).
    func libraryList(after: Int = 0) throws(RPCError) -> JSONValue {
        try library.query { database in
            let tracks = try TrackLibrary(database: database).allTracks().dropFirst(after).map(TrackJSON.init)
            return AnswerPage.of(try JSONValue(encoding: Array(tracks)).arrayValue ?? [], member: "tracks") { kept in
                .number(Double(after + kept))
            }
        }
    }

    /// `course.list`: every course with its progress and its next day's track, by name.
    func courseList() throws(RPCError) -> JSONValue {
        try library.query { database in
            ["courses": .array(try database.courses().map { CourseJSON.of($0, in: database) })]
        }
    }

    /// What a sit started with nothing given would be (the settings: config.toml, then the
    /// built-in defaults), each of its options by its member's name, and the last sit in the
    /// history: what the page's Sit form starts from and what its Now view offers to sit again.
    func sitDefaults() throws(RPCError) -> JSONValue {
        let settings: Settings
        do {
            settings = try Settings.load()
        } catch {
            throw .failed(FailureLine.line(for: error))
        }
        var defaults: [String: JSONValue] = [:]
        let options: [any AnySetting] = [SettingKeys.minutes, SettingKeys.countdown] + SettingKeys.sitSound
        for setting in options {
            defaults[setting.name] =
                settings.describe(setting).text.map { JSONValue(setting.member(canonical: $0)) }
                ?? .null
        }
        let last = try library.query { database in
            try database.practice(newest: 50).reversed().lazy.compactMap(LastSit.json).first
        }
        // A sleep's length, for the Now view's Sleep button: [sleep]'s, else the sleep's own.
        var sleep = settings
        sleep.useSleep()
        let sleepMinutes = sleep.describe(SettingKeys.minutes).text.map {
            JSONValue(SettingKeys.minutes.member(canonical: $0))
        }
        return [
            "settings": .object(defaults), "gongs": Self.gongDefaults(settings), "last": last ?? .null,
            "sleep": ["minutes": sleepMinutes ?? .number(Double(SleepDefaults.minutes))]
        ]
    }

    /// Each gong role as a sit started with nothing given sounds it: its own sound (null for the
    /// gong's), and the volume and strikes it would have, so that the page's form shows them.
    private static func gongDefaults(_ settings: Settings) -> JSONValue {
        let sound = SitSoundRequest().resolve(settings)
        var configuration = SessionConfiguration()
        sound.apply(to: &configuration)
        var roles: [String: JSONValue] = [:]
        for role in GongRole.allCases {
            roles[role.rawValue] = [
                "gong": role.value(in: sound.roleGongs).map { .string($0) } ?? .null,
                "volume": .finite(Double(configuration.volume(for: role))),
                "strikes": .finite(Double(configuration.strikes(for: role)))
            ]
        }
        return .object(roles)
    }
}
