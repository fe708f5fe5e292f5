import Engine
import Localization
import Outputs
import Settings

extension LiveNotice {
    /// Whether it is a warning: the output lost, or a wait for it. Playing on again, or the
    /// output closed in a long pause, is information.
    package var isWarning: Bool {
        switch self {
        case .reopening, .waiting: true
        case .playingOn, .closedWhilePaused: false
        }
    }

    /// The log line for what the output thread did on its own.
    package var line: String {
        switch self {
        case let .reopening(error):
            FailureLine.line(for: error) + localized("; reopening", de: "; wird neu geöffnet")
        case let .playingOn(device):
            localized("playing on \(device)", de: "Wiedergabe auf \(device)")
        case let .closedWhilePaused(seconds):
            localized(
                "paused for \(seconds) s: the sound output is closed until the session resumes",
                de: "seit \(seconds) s pausiert: die Audioausgabe ist geschlossen, bis die Sitzung weitergeht")
        case let .waiting(limit):
            localized(
                "no sound output; the session waits for one to come back (up to \(limit / 60) min), then ends early",
                de:
                    "keine Audioausgabe; die Sitzung wartet, bis eine wiederkommt (bis zu \(limit / 60) min), dann endet sie vorzeitig"
            )
        }
    }
}
