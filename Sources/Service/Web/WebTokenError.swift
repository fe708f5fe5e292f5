import Foundation
import Localization
import Settings

/// Why the pairing token could not be kept.
package enum WebTokenError: Error, Equatable {
    case cannotStore(path: String, reason: String)

    var line: String {
        switch self {
        case let .cannotStore(path, reason):
            localized("cannot store the pairing token in", de: "kann das Kopplungs-Token nicht speichern in")
                + " \(path): \(reason)"
        }
    }
}

extension WebTokenError: LocalizedError {
    package var errorDescription: String? { line }
}
