import Localization
import Session

// A range given backwards (`10-3`) is refused with why, on the command line and over the protocol alike.
extension RandomBells: ExplainedValue {
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
