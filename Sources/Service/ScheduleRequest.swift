import Control
import Decoders
import Foundation
import Library
import Session
import Settings

/// A schedule as clients give it (`schedule.add`) and see it (`schedule.list`):
/// `{"action": "sit", "at": "06:30", "days": "mon-fri", "options": {"preset": "morning"}}`, or
/// bells on the clock, `{"action": "bell", "every": 60, "from": "09:00", "to": "17:00",
/// "options": {"gong": "bell"}}`. The options are those of `sit.start`, `play.start` or
/// `bell.ring`, checked by the same parser when the schedule is added.
package enum ScheduleRequest {
    /// - Parameter library: where a scheduled track is looked up.
    static func entry(from params: JSONValue, library: LibraryPaths) throws(RPCError) -> ScheduleEntry {
        guard case let .object(members) = params else { throw invalid("the schedule is an object") }
        let known: Set<String> = ["action", "at", "every", "random", "from", "to", "days", "over", "options"]
        if let unknown = members.keys.sorted().first(where: { !known.contains($0) }) {
            throw invalid("'\(unknown)' is not a member of a schedule")
        }
        guard let name = params["action"]?.stringValue, let action = ScheduleEntry.Action(rawValue: name) else {
            throw invalid("action is sit, play or bell")
        }
        let options = params["options"] ?? [:]
        try check(action, options, library: library)
        var days = Weekdays.all
        if let text = params["days"] {
            guard let given = text.stringValue.flatMap(Weekdays.init(text:)) else {
                throw invalid("days is like mon-fri, sat,sun or daily")
            }
            days = given
        }
        var over = false
        if let flag = params["over"] {
            guard let value = flag.boolValue else { throw invalid("over is true or false") }
            over = value
        }
        return ScheduleEntry(action: action, options: options.line, times: try times(params), days: days, over: over)
    }

    /// Checks the options as far as they can be before the time comes: a sit's plan is made
    /// (its preset read); a track, and a sit's bed, is found and opened as audio (not measured), so that what
    /// `play.start` would refuse (a path that is not playable audio) is refused now, not at six
    /// in the morning; a gong is loaded only when it plays.
    /// Finds `reference` (a library track, or a file) and opens it as audio, not measured; what
    /// is not playable is refused as play.start and sit.start refuse it.
    private static func checkPlayable(_ reference: String, library: LibraryPaths) throws {
        do {
            let track = try GuidedTrack.resolve(reference, library: library, measure: nil)
            _ = try EngineFormatReader(path: track.path, engineRate: 48_000, decodeAhead: false)
        } catch {
            throw UnplayableSound.hidingWhatIsThere(error, reference: reference)
        }
    }

    private static func check(
        _ action: ScheduleEntry.Action, _ options: JSONValue, library: LibraryPaths
    ) throws(RPCError) {
        do {
            switch action {
            case .sit:
                let request = try ParamsDecoder.decode(SitRequest.self, options)
                let settings = try request.settings()
                _ = try SessionPlan(request.configuration(settings))
                // Its bed, as a track's file: found and opened as audio (a FIFO, a folder, text
                // are refused now, as sit.start refuses them).
                if let bed = request.sound.resolve(settings).ambience { try checkPlayable(bed, library: library) }
            case .play:
                let request = try ParamsDecoder.decode(PlayRequest.self, options)
                try checkPlayable(request.track, library: library)
            case .bell:
                let request = try ParamsDecoder.decode(BellRequest.self, options)
                let settings = try Settings.load()
                _ = try SoloBell(
                    frame: 0, strikes: settings.value(SettingKeys.strikes, flag: request.strikes),
                    volume: settings.value(SettingKeys.gongVolume, flag: request.gongVolume))
            }
        } catch let error as RPCError {
            throw error
        } catch {
            throw .invalidParams(FailureLine.line(for: error))
        }
    }

    private static func times(_ params: JSONValue) throws(RPCError) -> ScheduleEntry.Times {
        let at = try second(params, "at")
        if let random = params["random"] {
            guard at == nil, params["every"] == nil else { throw invalid("give at, every or random, one of them") }
            let bounds = random.stringValue.map { $0.split(separator: "-", omittingEmptySubsequences: false) } ?? []
            let numbers = bounds.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard bounds.count == 2, numbers.count == 2,
                (1...ScheduleEntry.maxEveryMinutes).contains(numbers[0]),
                (numbers[0]...ScheduleEntry.maxEveryMinutes).contains(numbers[1])
            else {
                throw invalid("random is the shortest and longest gap in whole minutes, e.g. \"30-90\" (1 to 1440)")
            }
            guard let from = try second(params, "from"), let to = try second(params, "to") else {
                throw invalid("random needs from and to (\"09:00\", \"17:00\")")
            }
            guard from <= to else { throw invalid("from must not be after to") }
            guard
                ScheduleEntry.randomWindowRings(from: from, to: to, shortest: numbers[0], longest: numbers[1])
            else {
                throw invalid(
                    "from to to must be longer than random's shortest gap: the first moment falls a gap after from")
            }
            return .random(shortest: numbers[0], longest: numbers[1], from: from, to: to)
        }
        guard let every = params["every"] else {
            guard params["from"] == nil, params["to"] == nil else { throw invalid("from and to go with every") }
            guard let at else { throw invalid("a schedule needs at (\"06:30\"), or every with from and to") }
            return .at(at)
        }
        guard at == nil else { throw invalid("give at, or every with from and to, not both") }
        guard let minutes = every.intValue, (1...ScheduleEntry.maxEveryMinutes).contains(minutes) else {
            throw invalid("every is a whole number of minutes from 1 to \(ScheduleEntry.maxEveryMinutes)")
        }
        guard let from = try second(params, "from"), let to = try second(params, "to") else {
            throw invalid("every needs from and to (\"09:00\", \"17:00\")")
        }
        guard from <= to else { throw invalid("from must not be after to") }
        return .every(minutes: minutes, from: from, to: to)
    }

    private static func second(_ params: JSONValue, _ name: String) throws(RPCError) -> Int? {
        guard let value = params[name] else { return nil }
        guard let second = value.stringValue.flatMap(ScheduleEntry.secondOfDay) else {
            throw invalid("\(name) is a time of day, HH:MM or HH:MM:SS")
        }
        return second
    }

    private static func invalid(_ line: String) -> RPCError { .invalidParams(line) }

    /// What `schedule.list` says of a schedule, with the next instant it sounds at.
    package static func json(_ entry: ScheduleEntry, next: Date?) -> JSONValue {
        var members: [String: JSONValue] = [
            "id": .number(Int(entry.id ?? 0)), "action": .string(entry.action.rawValue),
            "days": .string(entry.days.text), "over": .bool(entry.over),
            "options": JSONValue.parse(entry.options) ?? [:]
        ]
        switch entry.times {
        case let .at(second): members["at"] = .string(ScheduleEntry.text(ofSecond: second))
        case let .every(minutes, from, to):
            members["every"] = .number(minutes)
            members["from"] = .string(ScheduleEntry.text(ofSecond: from))
            members["to"] = .string(ScheduleEntry.text(ofSecond: to))
        case let .random(shortest, longest, from, to):
            members["random"] = .string("\(shortest)-\(longest)")
            members["from"] = .string(ScheduleEntry.text(ofSecond: from))
            members["to"] = .string(ScheduleEntry.text(ofSecond: to))
        }
        // A random schedule's next moment is a surprise, as a sit's random bells are.
        if let next, !entry.hidesNext { members["next"] = .finite(next.timeIntervalSince1970) }
        if let paused = entry.pausedUntil, paused > Date() {
            members["pausedUntil"] = .finite(paused.timeIntervalSince1970)
        }
        return .object(members)
    }
}
