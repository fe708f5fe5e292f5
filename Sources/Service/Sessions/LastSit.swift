import Control
import Foundation
import Library
import Session
import Settings

/// The last timer's sit, as the page's "Again" starts it anew: its length or its segments and
/// what sounds while walking, its bells, its bed, read from its history note's parts. Each is
/// checked as the request would check it (a note is text from a file); what the note does not
/// keep (the gongs, a bed named before notes kept its source) comes from config.toml then.
enum LastSit {
    /// The longest note read: what the service writes of a sit of the most segments is some
    /// 30 KB; a row of megabytes is not a sit's (parsed, 100,000 parts took 8 s).
    static let longestNote = 64 * 1024

    static func json(_ session: PracticeSession) -> JSONValue? {
        guard session.kind == .timer, session.note.utf8.count <= longestNote,
            let parts = NoteText.parts(of: session.note)
        else { return nil }
        func part(_ key: MessageKey) -> [String: String]? { parts.first { $0["key"] == key.rawValue } }
        let open = part(.sitOpen) != nil
        let length = part(.sitMinutes)?["minutes"].flatMap { Double($0) }
            .flatMap { $0.isFinite && $0 > 0 ? JSONValue.finite($0) : nil }
        guard let minutes = open ? JSONValue.string(MinutesArgument.openText) : length else { return nil }
        let interval = part(.sitBellsEvery)?["minutes"].flatMap { Double($0) }
            .flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        let random = part(.sitBellsRandom)?["range"].flatMap { RandomBells($0) }
        // "5; 12.5" in the note, "5,12.5" as the option takes it.
        let bells = part(.sitBellsAt)?["list"].flatMap {
            BellList(settingText: $0.replacingOccurrences(of: "; ", with: ","))
        }
        let noises: [MessageKey: String] = [
            .noiseWhite: "white", .noisePink: "pink", .noiseBrown: "brown", .noiseOcean: "ocean"
        ]
        let noise = parts.lazy.compactMap { part in
            part["key"].flatMap { MessageKey(rawValue: $0) }.flatMap { noises[$0] }
        }
        .first
        let segmentList = segments(parts)
        // What "Again" would start is checked as the request would be: a plan is made of it
        // (a tampered row said minutes 1e308 and a bell every 1e300 minutes).
        guard
            plannable(
                minutes: open ? nil : part(.sitMinutes)?["minutes"], interval: interval,
                bells: bells, random: random, segments: segmentList)
        else { return nil }
        // A part without the values its words need would be said with their placeholders.
        let description = NoteText.readable(session.note)
        guard !description.contains("{") else { return nil }
        return [
            "minutes": minutes, "interval": interval.map(JSONValue.finite) ?? .null,
            "randomBells": random.map { JSONValue.string($0.description) } ?? .null,
            "bells": bells.map { JSONValue.string($0.minutes.map(\.description).joined(separator: ",")) } ?? .null,
            "segments": segmentList.map { .string($0) } ?? .null,
            "walkSounds": .string(walkSounds(parts).rawValue),
            "noise": .string(noise ?? "none"),
            "ambience": part(.ambience)?["source"].map { .string($0) } ?? .null,
            "description": .string(description),
            "descriptionParts": .array(parts.map { part in .object(part.mapValues(JSONValue.string)) })
        ]
    }

    /// Whether a plan is made of these, as of a request's: nil minutes is an open sit, whose
    /// bells only are checked.
    private static func plannable(
        minutes: String?, interval: Double?, bells: BellList?, random: RandomBells?, segments: String?
    ) -> Bool {
        var c = SessionConfiguration()
        c.countdownSeconds = ExactDecimal(0)
        if let minutes {
            guard let length = ExactDecimal(minutes) else { return false }
            c.minutes = length
        } else {
            c.openEnded = true
        }
        if let interval {
            guard let every = ExactDecimal(String(interval)) else { return false }
            c.interval = every
        }
        c.bells = bells?.minutes ?? []
        c.randomBells = random
        if let segments {
            // Segments set the length, as the request's do.
            guard let list = SegmentList(settingText: segments), let length = try? SessionPlan.length(of: list.segments)
            else { return false }
            c.segments = list.segments
            c.minutes = length
            c.openEnded = false
        }
        return (try? SessionPlan(c)) != nil
    }

    /// "sit 25, walk 10, sit 25" from the note's segments, or nil when it has none (or ones no
    /// plan would take: each of a length, a day at most in all).
    private static func segments(_ parts: [[String: String]]) -> String? {
        let kinds = [MessageKey.segmentSit.rawValue: "sit", MessageKey.segmentWalk.rawValue: "walk"]
        let list = parts.compactMap { part -> String? in
            guard let kind = part["key"].flatMap({ kinds[$0] }), let minutes = part["minutes"] else { return nil }
            return "\(kind) \(minutes)"
        }
        .joined(separator: ", ")
        guard let segments = SegmentList(settingText: list), (try? SessionPlan.length(of: segments.segments)) != nil
        else { return nil }
        return list
    }

    private static func walkSounds(_ parts: [[String: String]]) -> WalkSounds {
        let sounds: [String: WalkSounds] = [
            MessageKey.walkBed.rawValue: .bed, MessageKey.walkBells.rawValue: .bells,
            MessageKey.walkBedAndBells.rawValue: .both
        ]
        return parts.lazy.compactMap { $0["key"].flatMap { sounds[$0] } }.first ?? WalkSounds.none
    }
}
