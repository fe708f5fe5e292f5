import Session

/// A phase in the words of the language in force: the terminal's status line, `ctl status` and
/// the service's log say it alike.
extension SessionPhase {
    package var word: String {
        switch self {
        case .countdown: say(.phaseCountdown)
        case .sitting: say(.phaseSitting)
        case .walking: say(.phaseWalking)
        case .paused: say(.phasePaused)
        case .complete: say(.phaseComplete)
        case .ended: say(.phaseEnded)
        case .playing: say(.phasePlaying)
        }
    }
}
