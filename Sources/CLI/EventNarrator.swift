import Logging
import Session

/// One plain log line per session event, for runs without a terminal.
struct EventNarrator {
    let plan: SessionPlan
    let logger: Logger

    func log(_ event: SessionEvent, status: LiveStatus) {
        let rate = plan.format.sampleRate
        switch event {
        case let .countdown(seconds):
            logger.notice("countdown: \(ClockText.format(seconds: Int(seconds.rounded(.up)))) until the start gong")
        case let .gong(gong):
            let left = ClockText.format(frames: plan.completionFrame - gong.frame, rate: rate)
            switch gong.kind {
            case .start: logger.notice("start gong: sitting for \(left)")
            case let .interval(number): logger.notice("bell \(number): \(left) left")
            case .completion: logger.notice("completion gong")
            }
        case .paused:
            logger.notice("paused at \(ClockText.format(frames: status.remainingFrames, rate: rate)) left")
        case .resumed:
            logger.notice("resumed")
        case .endedEarly:
            logger.notice("ending early")
        }
    }
}
