import ArgumentParser
import Session

// `--random-bells 3-10` parses as the setting and the request member do; refused on the command
// line, it says why.
extension RandomBells: ExplainedArgument {
    public init?(argument: String) { self.init(argument) }

    package static func explained(_ text: String) throws(ArgumentReason) -> RandomBells {
        do {
            return try RandomBells.parsed(text)
        } catch {
            throw ArgumentReason(Self.reason(error))
        }
    }

    private static func reason(_ error: RandomBellsError) -> String {
        switch error {
        case .notMinutes:
            localized(
                "minutes between bells, the shortest gap first, e.g. 3-10",
                de: "Minuten zwischen den Glocken, die kürzeste Pause zuerst, z. B. 3-10")
        case .shortestNotPositive:
            localized(
                "the shortest gap must be more than 0 minutes", de: "die kürzeste Pause muss mehr als 0 Minuten sein")
        case let .longestFirst(first, second):
            localized(
                "the shortest gap comes first: \(second)-\(first)",
                de: "die kürzeste Pause kommt zuerst: \(second)-\(first)")
        }
    }
}
