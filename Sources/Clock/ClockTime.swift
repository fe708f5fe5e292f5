/// A time of day on the wall clock, to the second: `07:00` or `07:00:30` (a schedule's `--at`,
/// a sit's `--until`).
public struct ClockTime: Sendable, Hashable {
    /// Seconds after midnight, 0 to 86 399.
    public let secondOfDay: Int

    /// 00:00.
    public static let midnight = ClockTime(wholeSecond: 0)

    private init(wholeSecond: Int) { secondOfDay = wholeSecond }

    public init?(secondOfDay: Int) {
        guard (0..<86_400).contains(secondOfDay) else { return nil }
        self.secondOfDay = secondOfDay
    }

    /// "06:30" or "06:30:15", hours 0–23; nil for anything else (`25:00`, `7`, `07:60`).
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ (1...2).contains($0.count) }) else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count, (0..<24).contains(numbers[0]), (0..<60).contains(numbers[1]) else {
            return nil
        }
        let second = numbers.count == 3 ? numbers[2] : 0
        guard (0..<60).contains(second) else { return nil }
        secondOfDay = numbers[0] * 3600 + numbers[1] * 60 + second
    }

    /// "06:30", or "06:30:15" when it has seconds.
    public var text: String {
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        let hm = two(secondOfDay / 3600) + ":" + two(secondOfDay / 60 % 60)
        return secondOfDay % 60 == 0 ? hm : hm + ":" + two(secondOfDay % 60)
    }
}
