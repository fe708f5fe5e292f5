import Outputs

extension LiveNotice {
    /// The log line for what the output thread did on its own.
    var line: String {
        switch self {
        case let .reopening(error):
            ErrorMessages.line(for: error) + localized("; reopening", de: "; wird neu geöffnet")
        case let .playingOn(device):
            localized("playing on \(device)", de: "Wiedergabe auf \(device)")
        }
    }
}
