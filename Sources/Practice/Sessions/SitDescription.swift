import Control
import Foundation
import Localization
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
    package static func parts(_ c: SessionConfiguration, ambience: AmbienceBed? = nil) -> [JSONValue] {
        messages(c, ambience: ambience).map { SessionNote.part($0.key, $0.values) }
    }

    private static func messages(
        _ c: SessionConfiguration, ambience bed: AmbienceBed?
    ) -> [NoteWords.Part] {
        var parts: [NoteWords.Part] = [
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
        }
        // Then the sounds, as each setting's declaration words them (`NoteWords`).
        let sit = NotedSit(c, bedTitle: bed?.title, bedSource: bed?.source)
        for setting in SettingKeys.sitSound {
            parts += setting.noteWords?.parts(sit) ?? []
        }
        return parts
    }

    /// The sit a history note's parts describe, as "Again" asks for it anew: each value the note
    /// keeps, and `none` for each bell and bed it does not, so that config.toml's own do not come
    /// instead (its gongs do: no note keeps them). A bed of a note older than its source is left
    /// to config.toml rather than taken away. Nil without a length.
    package static func sit(described parts: [[String: String]]) -> SitRequest? {
        let noted = NoteParts(parts)
        var request = SitRequest()
        if noted.first(.sitOpen) != nil {
            request.open = true
        } else {
            guard let minutes = noted.first(.sitMinutes)?["minutes"].flatMap({ ExactDecimal($0) }) else { return nil }
            request.minutes = minutes
        }
        request.segments = segments(parts).map { .value($0) }
        // Each sound the note says, as its setting reads it back; `none` for each bell and bed
        // it does not say.
        for setting in SettingKeys.sitSound {
            switch setting.noteWords?.reading(noted) {
            case let .given(text)?: request.sound.give(text, to: setting)
            case .unreadable?: return nil
            case .notGiven?, nil: break
            }
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
}
