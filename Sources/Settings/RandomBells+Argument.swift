import ArgumentParser
import Session

// `--random-bells 3-10` parses as the setting and the request member do; refused on the command
// line, it says why.
extension RandomBells: ExplainedArgument {
    public init?(argument: String) { self.init(argument) }

    package static func explained(_ text: String) throws(ArgumentReason) -> RandomBells {
        if let bells = RandomBells(text) { return bells }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(parts.count), let shortest = ExactDecimal(parts[0]),
            let longest = ExactDecimal(parts[parts.count - 1])
        else {
            throw ArgumentReason(
                localized(
                    "minutes between bells, the shortest gap first, e.g. 3-10",
                    de: "Minuten zwischen den Glocken, die kürzeste Pause zuerst, z. B. 3-10"))
        }
        guard shortest.isPositive else {
            throw ArgumentReason(
                localized(
                    "the shortest gap must be more than 0 minutes",
                    de: "die kürzeste Pause muss mehr als 0 Minuten sein"))
        }
        throw ArgumentReason(
            localized(
                "the shortest gap comes first: \(longest)-\(shortest)",
                de: "die kürzeste Pause kommt zuerst: \(longest)-\(shortest)"))
    }
}
