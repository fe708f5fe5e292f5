import Logging
import Session

/// One plain log line per session event, for runs without a terminal.
struct EventNarrator {
    let program: SessionProgram
    let logger: Logger

    func log(_ event: SessionEvent, status: LiveStatus) {
        let rate = program.format.sampleRate
        switch event {
        case let .countdown(seconds):
            logger.notice("countdown: \(ClockText.format(seconds: Int(seconds.rounded(.up)))) until the start gong")
        case let .gong(gong):
            let left = ClockText.format(frames: program.completionFrame - gong.frame, rate: rate)
            switch gong.kind {
            case .start: logger.notice("start gong: sitting for \(left)")
            case let .interval(number): logger.notice("bell \(number): \(left) left")
            case .completion: logger.notice("completion gong")
            }
        case .trackEnded:
            if let start = program.startFrame {
                let gap = ClockText.format(frames: start - program.trackFrames, rate: rate)
                logger.notice("track ended: the sit begins in \(gap)")
            } else {
                logger.notice("track ended")
            }
        case let .moved(frame):
            logger.notice("moved to \(ClockText.format(seconds: frame / rate))")
        case .paused:
            let inTrack = status.sessionFrame < program.trackFrames
            let place = inTrack ? ClockText.format(seconds: status.sessionFrame / rate)
                : "\(ClockText.format(frames: status.remainingFrames, rate: rate)) left"
            logger.notice("paused at \(place)")
        case .resumed:
            logger.notice("resumed")
        case .endedEarly:
            logger.notice("ending early")
        }
    }
}
