import Logging
import Session
import Settings

/// One plain log line per session event, for runs without a terminal.
struct EventNarrator {
    let outline: SessionOutline
    let logger: Logger
    /// A sleep (`meditate sleep`): no gong sounds, so none is named.
    var sleep = false
    /// Its gongs' sounds, when known: a gong of none is a moment nobody hears, and is not named.
    var sounds: GongSounds?

    func log(_ event: SessionEvent, status: LiveStatus) {
        let rate = outline.format.sampleRate
        switch event {
        // A sleep has no countdown (what `--until` leaves over is under a second), nor a start gong.
        case .countdown where sleep: break
        case let .countdown(seconds):
            let silent = sounds?.sound(for: .start).frameCount == 0
            let time = ClockText.format(seconds: Int(seconds.rounded(.up)))
            logger.notice("\(say(silent ? .eventCountdownNoGong : .eventCountdown, ["time": time]))")
        case let .gong(gong) where !sleep && sounds?.rings(gong) == false:
            // No gong sounds: the sit's beginning is said as such, the other moments not at all.
            if gong.kind == .start && !outline.isOpen && outline.sit?.configuration.hasSegments != true {
                let left = ClockText.format(frames: outline.completionFrame - gong.frame, rate: rate)
                logger.notice("\(say(.eventStartNoGong, ["time": left]))")
            }
        case let .gong(gong):
            let left = ClockText.format(frames: outline.completionFrame - gong.frame, rate: rate)
            switch gong.kind {
            case .start where sleep: logger.notice("\(say(.eventSleepStart, ["time": left]))")
            case .completion where sleep: logger.notice("\(say(.eventSleepEnd))")
            case .start where outline.isOpen: logger.notice("\(say(.eventStartOpen))")
            case .start where outline.sit?.configuration.hasSegments == true:
                // The first sit's length, as each boundary says the length of what follows.
                let first = ClockText.format(frames: outline.sit?.segments.first?.frames ?? 0, rate: rate)
                logger.notice("\(say(.eventStart, ["time": first]))")
            case .start: logger.notice("\(say(.eventStart, ["time": left]))")
            case let .interval(number) where outline.isOpen:
                // No set end: the time sat so far, not the time to the day's limit.
                let sat = ClockText.format(frames: gong.frame - (outline.startFrame ?? 0), rate: rate)
                logger.notice("\(say(.eventBellSoFar, ["number": number, "time": sat]))")
            case let .interval(number): logger.notice("\(say(.eventBell, ["number": number, "time": left]))")
            case .completion: logger.notice("\(say(.eventCompletion))")
            case let .transition(index, to):
                let length = outline.sit?.segments.first { $0.index == index }?.frames ?? 0
                let time = ClockText.format(frames: length, rate: rate)
                logger.notice("\(say(to == .walk ? .eventWalk : .eventSitAgain, ["time": time]))")
            // A bell alone is the service's, which tells its clients, not a log of the sit.
            case .bell: break
            }
        case .trackEnded:
            if let start = outline.startFrame {
                let gap = ClockText.format(frames: start - outline.trackFrames, rate: rate)
                logger.notice("\(say(.eventTrackEndedSitBegins, ["time": gap]))")
            } else {
                logger.notice("\(say(.eventTrackEnded))")
            }
        case let .moved(frame):
            logger.notice("\(say(.eventMoved, ["time": ClockText.format(seconds: frame / rate)]))")
        case .paused:
            let inTrack = status.sessionFrame < outline.trackFrames
            let line =
                if outline.isOpen {
                    say(.eventPausedAt, ["time": ClockText.format(seconds: status.satFrames / rate)])
                } else if inTrack {
                    say(.eventPausedAt, ["time": ClockText.format(seconds: status.sessionFrame / rate)])
                } else {
                    say(.eventPausedLeft, ["time": ClockText.format(frames: status.remainingFrames, rate: rate)])
                }
            logger.notice("\(line)")
        case .resumed:
            logger.notice("\(say(.eventResumed))")
        case .endedEarly:
            logger.notice("\(say(.eventEndingEarly))")
        }
    }
}
