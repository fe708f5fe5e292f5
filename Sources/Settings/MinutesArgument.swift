import ArgumentParser
import Foundation
import Session

/// `--minutes 20`, or `--minutes open` for a sit with no set end.
package enum MinutesArgument: ExpressibleByArgument, Sendable, Equatable {
    case exact(ExactDecimal)
    case open

    package static let openText = "open"

    package init?(argument: String) {
        if argument.trimmingCharacters(in: .whitespaces).lowercased() == Self.openText {
            self = .open
        } else if let minutes = ExactDecimal(argument) {
            self = .exact(minutes)
        } else {
            return nil
        }
    }

    package var exact: ExactDecimal? {
        if case let .exact(minutes) = self { return minutes }
        return nil
    }
}
