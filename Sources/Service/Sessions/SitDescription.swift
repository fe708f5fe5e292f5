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
}
