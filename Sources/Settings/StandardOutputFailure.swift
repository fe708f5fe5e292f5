import Foundation
import Localization

/// Standard output could not be written (a full disk, a closed file): the command fails.
package struct StandardOutputFailure: LocalizedError {
    package let reason: String

    package init(reason: String) { self.reason = reason }

    package var errorDescription: String? {
        localized("cannot write the output: \(reason)", de: "die Ausgabe lässt sich nicht schreiben: \(reason)")
    }
}
