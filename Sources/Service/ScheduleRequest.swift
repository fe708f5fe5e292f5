import Control
import Decoders
import Foundation
import Library
import Localization
import Practice
import Session
import Settings

/// A schedule as clients give it (`schedule.add`) and see it (`schedule.list`):
/// `{"action": "sit", "at": "06:30", "days": "mon-fri", "options": {"preset": "morning"}}`, or
/// bells on the clock, `{"action": "bell", "every": 60, "from": "09:00", "to": "17:00",
/// "options": {"gong": "bell"}}`. The options are those of `sit.start`, `play.start` or
/// `bell.ring`, checked by the same parser when the schedule is added; a reminder's
/// (`"action": "remind"`) are `sit.start`'s with `text` and `bell`.
package enum ScheduleRequest {
    /// - Parameter library: where a scheduled track is looked up.
    static func entry(from params: ScheduleParams, library: LibraryPaths) throws(RPCError) -> ScheduleEntry {
        try check(params.action, params.options, library: library)
        do {
            let times = try params.when.times()
            return ScheduleEntry(
                action: params.action, options: params.options.line, times: times,
                days: try params.when.weekdays(), over: params.over)
        } catch {
            // The protocol's members, as the client gave them.
            throw invalid(error.line(flags: false))
        }
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
                try checkSit(ParamsDecoder.decode(SitRequest.self, options), library: library)
            case .remind:
                // The sit it offers is checked as a scheduled sit is: "Sit now" must not fail.
                let request = try ParamsDecoder.decode(RemindRequest.self, options)
                try checkSit(request.sit, library: library)
                if request.bell { try checkBell(BellRequest()) }
            case .play:
                let request = try ParamsDecoder.decode(PlayRequest.self, options)
                try checkPlayable(request.track, library: library)
            case .bell:
                try checkBell(ParamsDecoder.decode(BellRequest.self, options))
            }
        } catch let error as RPCError {
            throw error
        } catch {
            throw .invalidParams(FailureLine.line(for: error))
        }
    }

    /// Whether a schedule from the shared folder that names this device's service may be
    /// taken into the index: its options pass `schedule.add`'s checks (`ScheduleAcceptance`).
    package static func accepts(_ entry: ScheduleEntry, library: LibraryPaths) -> Bool {
        guard let options = JSONValue.parse(entry.options) else { return false }
        return (try? check(entry.action, options, library: library)) != nil
    }

    /// A sit's plan is made (its preset read), and its bed, as a track's file, found and opened
    /// as audio (a FIFO, a folder, text are refused now, as sit.start refuses them). A schedule
    /// never suspends the machine: it sounds with nobody there, and any device may write it.
    private static func checkSit(_ request: SitRequest, library: LibraryPaths) throws {
        if request.after == .suspend {
            throw RequestRefusal(
                localized(
                    "a schedule never suspends the machine: after suspend is for a sit you start yourself",
                    de:
                        "ein Plan versetzt den Rechner nie in den Ruhezustand: after suspend gilt für ein Sitzen, das du selbst beginnst"
                ))
        }
        let settings = try request.settings()
        _ = try SessionPlan(request.configuration(settings))
        if let bed = request.sound.resolve(settings).ambience { try checkPlayable(bed, library: library) }
    }

    private static func checkBell(_ request: BellRequest) throws {
        let settings = try Settings.load()
        _ = try SoloBell(
            frame: 0, strikes: settings.value(SettingKeys.strikes, flag: request.strikes),
            volume: settings.value(SettingKeys.gongVolume, flag: request.gongVolume))
    }

    private static func invalid(_ line: String) -> RPCError { .invalidParams(line) }

    /// A scheduled sit as its session will describe itself (`descriptionParts`, as `status`
    /// says them), its preset and config.toml's standing values in it: what a client shows for
    /// the schedule, in its own language. Nil for a track or a bell, and for a sit the settings
    /// no longer make (its time will say so).
    static func descriptionParts(_ entry: ScheduleEntry) -> JSONValue? {
        guard let request = offeredSit(entry), let settings = try? request.settings() else { return nil }
        return .array(SitDescription.parts(request.configuration(settings)))
    }

    /// The sit a schedule starts, or a reminder offers; nil for a track or a bell, and for
    /// options this version cannot read.
    static func offeredSit(_ entry: ScheduleEntry) -> SitRequest? {
        guard let options = JSONValue.parse(entry.options) else { return nil }
        switch entry.action {
        case .sit: return try? ParamsDecoder.decode(SitRequest.self, options)
        case .remind: return (try? ParamsDecoder.decode(RemindRequest.self, options))?.sit
        case .play, .bell: return nil
        }
    }

    /// What `schedule.list` says of a schedule, with the next instant it sounds at; `here`: the
    /// device answering, so that one another device's service runs says where
    /// (`"service": {"id", "host"}` and `"elsewhere": true`).
    package static func json(_ entry: ScheduleEntry, next: Date?, here: String?) -> JSONValue {
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
        if let parts = descriptionParts(entry) { members["descriptionParts"] = parts }
        if let uuid = entry.uuid { members["uuid"] = .string(uuid) }
        if let service = entry.service {
            members["service"] = ["id": .string(service), "host": .string(entry.serviceHost ?? "")]
            if !entry.runs(on: here) { members["elsewhere"] = true }
        }
        // A random schedule's next moment is a surprise, as a sit's random bells are.
        if let next, !entry.hidesNext { members["next"] = .finite(next.timeIntervalSince1970) }
        if let paused = entry.pausedUntil, paused > Date() {
            members["pausedUntil"] = .finite(paused.timeIntervalSince1970)
        }
        return .object(members)
    }
}
