import Mixer

/// `--random-bells 3-10`: bells at random moments, `shortest` to `longest` minutes apart, drawn
/// from the session's seed, so a render and a live sit with the same seed ring at the same
/// frames. The first comes `shortest` to `longest` after the start gong; none in the sit's last
/// minute, where the completion gong is near.
public struct RandomBells: Sendable, Hashable, CustomStringConvertible {
    public let shortest: ExactDecimal
    public let longest: ExactDecimal

    /// No bell within this much of the completion gong.
    public static let quietEndMilliseconds = 60_000

    public init(shortest: ExactDecimal, longest: ExactDecimal) {
        self.shortest = shortest
        self.longest = longest
    }

    /// "3-10", "2.5-4"; one number is a fixed gap ("5": 5-5). Nil for anything else, or a
    /// longest shorter than the shortest.
    public init?(_ text: String) {
        guard let bells = try? Self.parsed(text) else { return nil }
        self = bells
    }

    /// As `init?(_:)`, saying why the text is refused.
    public static func parsed(_ text: String) throws(RandomBellsError) -> RandomBells {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let shortest = ExactDecimal(String(parts[0])),
            let longest = ExactDecimal(String(parts[parts.count - 1]))
        else { throw .notMinutes }
        guard shortest.isPositive else { throw .shortestNotPositive }
        guard shortest <= longest else { throw .longestFirst(first: shortest, second: longest) }
        return RandomBells(shortest: shortest, longest: longest)
    }

    public var description: String { shortest == longest ? "\(shortest)" : "\(shortest)-\(longest)" }

    /// The milliseconds after the start gong of each bell of a sit of `sitMilliseconds`: gaps
    /// drawn whole milliseconds at a time and summed exactly (no rounding accumulates), stopping
    /// before the last minute. At most `limit` bells (more is refused by the plan).
    public func moments(seed: UInt64, sitMilliseconds: Int, limit: Int) -> [Int] {
        let low = shortest.rounded(times: 60_000)
        let high = longest.rounded(times: 60_000)
        guard low > 0, high >= low else { return [] }
        var generator = SplitMix64(seed: seed ^ 0xB311_5EED_0000_0001)
        var moments: [Int] = []
        var moment = 0
        while moments.count <= limit {
            moment += low + Int(generator.next() % UInt64(high - low + 1))
            guard moment <= sitMilliseconds - Self.quietEndMilliseconds else { break }
            moments.append(moment)
        }
        return moments
    }
}
