import Foundation

/// Days of the week a schedule sounds on, as a set of bits (Monday is bit 0), read from and
/// written as `mon-fri`, `sat,sun`, `daily`.
public struct Weekdays: Sendable, Equatable, OptionSet {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue & 0x7F }

    public static let all = Weekdays(rawValue: 0x7F)
    static let names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    /// The days as a German sitter writes them (`mo-fr`, `sa,so`), taken as well; said back in
    /// `names`, as `--segments` takes `sitzen` and stores `sit`.
    static let germanNames = ["mo", "di", "mi", "do", "fr", "sa", "so"]

    /// `mon-fri`, `mon,wed,fri`, `sat-sun`, `daily`, `weekdays`, `weekends`; nil for anything
    /// else (or no day).
    public init?(text: String) {
        let lowered = text.lowercased().trimmingCharacters(in: .whitespaces)
        switch lowered {
        case "daily", "all":
            self = .all
            return
        case "weekdays":
            self = Weekdays(rawValue: 0x1F)
            return
        case "werktags", "wochentags":
            self = Weekdays(rawValue: 0x1F)
            return
        case "täglich", "taeglich":
            self = .all
            return
        case "wochenende", "wochenenden":
            self = Weekdays(rawValue: 0x60)
            return
        case "weekends", "weekend":
            self = Weekdays(rawValue: 0x60)
            return
        default: break
        }
        var bits = 0
        for part in lowered.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = part.split(separator: "-", omittingEmptySubsequences: false).map {
                let name = $0.trimmingCharacters(in: .whitespaces)
                return Self.names.firstIndex(of: name) ?? Self.germanNames.firstIndex(of: name)
            }
            switch ends.count {
            case 1:
                guard let day = ends[0] else { return nil }
                bits |= 1 << day
            case 2:
                guard let first = ends[0], let last = ends[1] else { return nil }
                // A range may wrap the week: sat-mon is Saturday, Sunday and Monday.
                var day = first
                while true {
                    bits |= 1 << day
                    if day == last { break }
                    day = (day + 1) % 7
                }
            default: return nil
            }
        }
        guard bits != 0 else { return nil }
        rawValue = bits
    }

    /// Whether the day of ISO weekday `index` (Monday 0 … Sunday 6) is among them.
    public func contains(dayIndex index: Int) -> Bool { rawValue & (1 << index) != 0 }

    /// The days in the run's language, for a person: `daily`, `Mon-Fri`, `Sat, Sun`; `täglich`,
    /// `Mo-Fr`, `Sa, So`.
    public func words(german: Bool) -> String {
        if self == .all { return german ? "täglich" : "daily" }
        let names =
            german ? ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"] : ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        return text.split(separator: ",").map { part in
            part.split(separator: "-").compactMap { name in Self.names.firstIndex(of: String(name)).map { names[$0] } }
                .joined(separator: "-")
        }.joined(separator: ", ")
    }

    /// `daily`, or the days in order, consecutive ones as a range: `mon-fri`, `mon,wed`.
    public var text: String {
        if self == .all { return "daily" }
        var parts: [String] = []
        var day = 0
        while day < 7 {
            guard contains(dayIndex: day) else {
                day += 1
                continue
            }
            var last = day
            while last + 1 < 7 && contains(dayIndex: last + 1) { last += 1 }
            parts.append(last > day + 1 ? "\(Self.names[day])-\(Self.names[last])" : Self.names[day])
            if last == day + 1 { parts.append(Self.names[last]) }
            day = last + 1
        }
        return parts.joined(separator: ",")
    }
}
