import Foundation

/// One segment of a session as asked for: `walk 10` in `--segments "sit 25, walk 10, sit 25"`.
public struct SessionSegment: Sendable, Hashable, CustomStringConvertible {
    public let kind: SegmentKind
    public let minutes: ExactDecimal

    /// The most segments a session has: a day of 15-minute rounds, and room to spare.
    public static let maxCount = 200

    public init(kind: SegmentKind, minutes: ExactDecimal) {
        self.kind = kind
        self.minutes = minutes
    }

    public var description: String { "\(kind.rawValue) \(minutes)" }

    /// "sit 25, walk 10, sit 25" (also `sitzen`/`gehen`, and `:` or no space before the
    /// minutes); nil for anything else, an empty list, or more than `maxCount` segments.
    public static func list(_ text: String) -> [SessionSegment]? {
        try? parsed(text)
    }

    /// The segments of `text`, as `list` reads them, or the first reason it is not a list.
    public static func parsed(_ text: String) throws(SegmentListError) -> [SessionSegment] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        guard items.count <= maxCount else { throw .tooMany(count: items.count) }
        var segments: [SessionSegment] = []
        for (index, item) in items.enumerated() {
            let shown = item.trimmingCharacters(in: .whitespaces)
            guard !shown.isEmpty else { throw .emptyItem(position: index + 1) }
            let words = shown.lowercased().replacingOccurrences(of: ":", with: " ")
            let letters = words.prefix { $0.isLetter }
            let number = words.dropFirst(letters.count)
            let kind: SegmentKind
            switch letters {
            case "sit", "sitzen": kind = .sit
            case "walk", "gehen": kind = .walk
            default: throw .unknownKind(item: shown)
            }
            guard let minutes = ExactDecimal(number.trimmingCharacters(in: .whitespaces)) else {
                throw .notMinutes(item: shown)
            }
            segments.append(SessionSegment(kind: kind, minutes: minutes))
        }
        return segments
    }
}
