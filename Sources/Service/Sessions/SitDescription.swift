import Control
import Foundation
import Mixer
import Session
import Settings

/// A sit in words, for the practice history: "20 min, bells every 5 min, pink noise".
/// Lengths are words (`DurationText`): a 9-second sit with bells every 3 s reads so, not as
/// "0.15 min, bells every 0.05 min".
package enum SitDescription {
    /// The sit as a desktop's mixer names its stream: "Sit · 20 min, bells every 5 min, pink noise".
    /// - Parameter ambience: the bed as it was opened (its title and source); without it, the
    ///   bed is named by its file and kept as asked for.
    package static func streamName(_ c: SessionConfiguration, ambience: AmbienceBed? = nil) -> String {
        localized("Sit", de: "Sitzen") + " · " + of(c, ambience: ambience)
    }

    package static func of(_ c: SessionConfiguration, ambience: AmbienceBed? = nil) -> String {
        let language = Language.current
        return messages(c, ambience: ambience).map { key, values in
            say(key, values.mapValues { language.decimal($0) })
        }.joined(separator: ", ")
    }

    /// As the history keeps it (`NoteText`), to be read in the reader's language.
    package static func stored(_ c: SessionConfiguration, ambience: AmbienceBed? = nil) -> String {
        NoteText.stored(
            messages(c, ambience: ambience).map { $0.values.merging(["key": $0.key.rawValue]) { kept, _ in kept } })
    }

    /// The same as message keys and their values (`minutes` as `7.5`, `length` and `every` in words), for a client to say in
    /// its own language.
    static func parts(_ c: SessionConfiguration, ambience: AmbienceBed? = nil) -> [JSONValue] {
        messages(c, ambience: ambience).map { SessionNote.part($0.key, $0.values) }
    }

    private static func messages(
        _ c: SessionConfiguration, ambience bed: AmbienceBed?
    ) -> [(key: MessageKey, values: [String: String])] {
        var parts: [(key: MessageKey, values: [String: String])] = [
            c.openEnded
                ? (.sitOpen, [:])
                : (
                    .sitMinutes,
                    [
                        "minutes": c.minutes.description,
                        "length": DurationText.words(seconds: c.minutes.rounded(times: 60))
                    ]
                )
        ]
        if c.hasSegments {
            // "sit 25 min, walk 10 min, sit 25 min": the history keeps the walking minutes too.
            for segment in c.segments {
                parts.append(
                    (
                        segment.kind == .walk ? .segmentWalk : .segmentSit,
                        [
                            "minutes": segment.minutes.description,
                            "length": DurationText.words(seconds: segment.minutes.rounded(times: 60))
                        ]
                    ))
            }
            switch c.walkSounds {
            case .none: break
            case .bed: parts.append((.walkBed, [:]))
            case .bells: parts.append((.walkBells, [:]))
            case .both: parts.append((.walkBedAndBells, [:]))
            }
        }
        if let interval = c.interval {
            parts.append(
                (
                    .sitBellsEvery,
                    ["minutes": interval.description, "every": DurationText.words(seconds: interval.rounded(times: 60))]
                ))
        } else if let random = c.randomBells {
            parts.append(
                (
                    .sitBellsRandom,
                    [
                        "shortest": DurationText.words(seconds: random.shortest.rounded(times: 60)),
                        "longest": DurationText.words(seconds: random.longest.rounded(times: 60)),
                        "range": random.description
                    ]
                ))
        } else if !c.bells.isEmpty {
            // In the order they ring, whatever order they were given in.
            parts.append((.sitBellsAt, ["list": c.bells.sorted().map(\.description).joined(separator: "; ")]))
        }
        switch c.noise {
        case .white?: parts.append((.noiseWhite, [:]))
        case .pink?: parts.append((.noisePink, [:]))
        case .brown?: parts.append((.noiseBrown, [:]))
        case .ocean?: parts.append((.noiseOcean, [:]))
        case nil: break
        }
        if let ambience = c.ambience {
            // By its title (a track's, a file's tag) when it is open; else a file by its name
            // alone: the history is read, and a folder says nothing of the sound. Its `source`
            // (AmbienceBed's) lets the page's "Again" ask for it anew.
            let name = bed?.title ?? ((ambience as NSString).lastPathComponent as NSString).deletingPathExtension
            parts.append((.ambience, ["name": name, "source": bed?.source ?? ambience]))
        }
        return parts
    }

    /// The sit a history note's parts describe, as "Again" asks for it anew: each value the note
    /// keeps, and `none` for each bell and bed it does not, so that config.toml's own do not come
    /// instead (its gongs do: no note keeps them). A bed of a note older than its source is left
    /// to config.toml rather than taken away. Nil without a length.
    static func sit(described parts: [[String: String]]) -> SitRequest? {
        typealias K = SettingKeys
        func part(_ key: MessageKey) -> [String: String]? { parts.first { $0["key"] == key.rawValue } }
        var request = SitRequest()
        if part(.sitOpen) != nil {
            request.open = true
        } else {
            guard let minutes = part(.sitMinutes)?["minutes"].flatMap({ ExactDecimal($0) }) else { return nil }
            request.minutes = minutes
        }
        request.segments = segments(parts).map { .value($0) }
        request.sound[K.walkSounds] = walkSounds(parts)
        // A part whose value no option takes is a tampered note, not a sit to start again.
        func value<Value>(_ key: MessageKey, _ name: String, _ read: (String) -> Value?) -> ClearableOption<Value>?? {
            guard let found = part(key) else { return .some(.cleared) }
            return found[name].flatMap(read).map { .some(.value($0)) }
        }
        guard let interval = value(.sitBellsEvery, "minutes", { ExactDecimal($0) }),
            let random = value(.sitBellsRandom, "range", { RandomBells($0) }),
            // "5; 12.5" in the note, "5,12.5" as the option takes it.
            let bells = value(
                .sitBellsAt, "list", { BellList(settingText: $0.replacingOccurrences(of: "; ", with: ",")) })
        else { return nil }
        request.sound[K.interval] = interval
        request.sound[K.randomBells] = random
        request.sound[K.bells] = bells
        let noises: [MessageKey: NoiseArgument] = [
            .noiseWhite: .white, .noisePink: .pink, .noiseBrown: .brown, .noiseOcean: .ocean
        ]
        request.sound[K.noise] =
            parts.lazy.compactMap { $0["key"].flatMap { MessageKey(rawValue: $0) }.flatMap { noises[$0] } }.first
            ?? NoiseArgument.none
        if let bed = part(.ambience) {
            if let source = bed["source"] { request.sound[K.ambience] = .value(source) }
        } else {
            request.sound[K.ambience] = .cleared
        }
        return request
    }

    /// The note's segments, or nil when it has none (or ones no plan would take: each of a
    /// length, a day at most in all).
    private static func segments(_ parts: [[String: String]]) -> SegmentList? {
        let kinds = [MessageKey.segmentSit.rawValue: "sit", MessageKey.segmentWalk.rawValue: "walk"]
        let list = parts.compactMap { part -> String? in
            guard let kind = part["key"].flatMap({ kinds[$0] }), let minutes = part["minutes"] else { return nil }
            return "\(kind) \(minutes)"
        }
        .joined(separator: ", ")
        guard let segments = SegmentList(settingText: list), (try? SessionPlan.length(of: segments.segments)) != nil
        else { return nil }
        return segments
    }

    private static func walkSounds(_ parts: [[String: String]]) -> WalkSounds {
        let sounds: [String: WalkSounds] = [
            MessageKey.walkBed.rawValue: .bed, MessageKey.walkBells.rawValue: .bells,
            MessageKey.walkBedAndBells.rawValue: .both
        ]
        return parts.lazy.compactMap { $0["key"].flatMap { sounds[$0] } }.first ?? WalkSounds.none
    }
}
