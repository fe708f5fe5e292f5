import Localization
import Session

/// `--segments "sit 25, walk 10, sit 25"`: sitting and walking in turn.
package struct SegmentList: ExplainedValue, Sendable, Equatable {
    package var segments: [SessionSegment]

    package init?(settingText: String) {
        guard let list = try? Self.explained(settingText) else { return nil }
        self = list
    }

    private init(segments: [SessionSegment]) { self.segments = segments }

    package static func explained(_ text: String) throws(ArgumentReason) -> SegmentList {
        do {
            return SegmentList(segments: try SessionSegment.parsed(text))
        } catch {
            throw ArgumentReason(Self.reason(error))
        }
    }

    /// Their sum, the session's length; nil past any plan's reach.
    package var minutes: ExactDecimal? {
        segments.reduce(ExactDecimal(0) as ExactDecimal?) { sum, segment in sum?.adding(segment.minutes) }
    }

    private static func reason(_ error: SegmentListError) -> String {
        switch error {
        case let .tooMany(count):
            localized(
                "\(count) segments, more than the \(SessionSegment.maxCount) a session may have",
                de: "\(count) Abschnitte, mehr als die \(SessionSegment.maxCount), die eine Sitzung haben kann")
        case let .emptyItem(position):
            localized(
                "segment \(position) is empty (one comma too many?)",
                de: "Abschnitt \(position) ist leer (ein Komma zu viel?)")
        case let .unknownKind(item):
            localized(
                "'\(ShownValue.short(item))' is neither sit nor walk",
                de: "'\(ShownValue.short(item))' ist weder sit noch walk")
        case let .notMinutes(item):
            localized(
                "'\(ShownValue.short(item))': sit or walk is followed by its minutes, e.g. walk 10 (and a comma before the next)",
                de:
                    "'\(ShownValue.short(item))': auf sit oder walk folgen die Minuten, z. B. walk 10 (und ein Komma vor dem nächsten Abschnitt)"
            )
        }
    }
}
