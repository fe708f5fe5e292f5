import Outputs

extension LiveNotice {
    /// The log line for what the output thread did on its own.
    var line: String {
        switch self {
        case let .reopening(error):
            localized("\(ErrorMessages.line(for: error)); reopening", de: "\(ErrorMessages.line(for: error)); wird neu geöffnet")
        case let .playingOn(device):
            localized("playing on \(device)", de: "Wiedergabe auf \(device)")
        }
    }
}
