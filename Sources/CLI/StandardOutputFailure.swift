import Foundation

/// Standard output could not be written (a full disk, a closed file): the command fails.
struct StandardOutputFailure: LocalizedError {
    let reason: String

    var errorDescription: String? {
        localized("cannot write the output: \(reason)", de: "die Ausgabe lässt sich nicht schreiben: \(reason)")
    }
}
