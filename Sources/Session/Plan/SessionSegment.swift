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
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        guard (1...maxCount).contains(items.count) else { return nil }
        var segments: [SessionSegment] = []
        for item in items {
            let words = item.lowercased().replacingOccurrences(of: ":", with: " ").trimmingCharacters(in: .whitespaces)
            let letters = words.prefix { $0.isLetter }
            let number = words.dropFirst(letters.count)
            let kind: SegmentKind
            switch letters {
            case "sit", "sitzen": kind = .sit
            case "walk", "gehen": kind = .walk
            default: return nil
            }
            guard let minutes = ExactDecimal(number.trimmingCharacters(in: .whitespaces)) else { return nil }
            segments.append(SessionSegment(kind: kind, minutes: minutes))
        }
        return segments
    }
}
