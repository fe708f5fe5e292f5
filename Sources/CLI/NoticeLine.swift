import Foundation
import Settings

/// A slow step told to the person before it is taken (a file measured before it plays): one line
/// on standard error, unless --quiet asked for errors only.
enum NoticeLine {
    /// What tells a line, for commands that take `quiet`.
    static func teller(quiet: Bool) -> (String) -> Void {
        { line in
            if !quiet { StandardStream.write("meditate: \(line)\n", to: STDERR_FILENO) }
        }
    }
}
