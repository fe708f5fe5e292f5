import Session
import Settings

/// The one redrawn line of a live session in a terminal: phase, time left (or the track's
/// position), next bell, progress.
struct StatusLine {
    var color: Bool
    var width: Int

    func render(_ status: LiveStatus, plan: SessionPlan) -> String {
        render(status, outline: SessionOutline(plan))
    }

    /// `title` names the guided track while it plays; `affirmation` is shown while sitting, where
    /// there is room.
    func render(
        _ status: LiveStatus, outline: SessionOutline, title: String? = nil, affirmation: String? = nil
    ) -> String {
        let rate = outline.format.sampleRate
        let inTrack = status.sessionFrame < outline.trackFrames
        var text: String
        switch status.phase {
        case .playing:
            text = position(status, outline: outline)
        case .countdown:
            let start = outline.startFrame ?? 0
            text = say(
                outline.hasTrack ? .sitBeginsIn : .startingIn,
                ["time": ClockText.format(frames: start - status.sessionFrame, rate: rate)])
        case .paused where inTrack:
            text = position(status, outline: outline)
        case .sitting, .paused:
            text = say(.timeLeft, ["time": ClockText.format(frames: status.remainingFrames, rate: rate)])
        case .complete, .ended:
            text = say(.satTime, ["time": ClockText.format(seconds: status.satFrames / rate)])
        }
        if let next = status.nextGong, status.phase != .complete, status.phase != .ended, !inTrack,
            case .interval = next.kind
        {
            text +=
                " · "
                + say(.nextBellIn, ["time": ClockText.format(frames: next.frame - status.sessionFrame, rate: rate)])
        }
        let phase = paint(Self.name(of: status.phase).padding(toLength: 9, withPad: " ", startingAt: 0), status.phase)
        let fraction =
            inTrack || outline.sit == nil
            ? Double(status.sessionFrame) / Double(max(1, outline.trackFrames))
            : Double(status.satFrames - min(status.satFrames, outline.trackFrames)) / Double(max(1, outline.sitFrames))
        let hint = status.phase == .paused ? "  " + say(.spaceResumes) : ""
        let barWidth = max(0, min(30, width - 9 - text.count - hint.count - 6))
        let bar = barWidth >= 5 ? "  " + progressBar(fraction, width: barWidth) : ""
        var line = " " + phase + " " + text + bar + hint
        if let title, inTrack, status.phase == .playing {
            let room = width - 11 - text.count - (bar.isEmpty ? 0 : barWidth + 2) - 3
            if room >= 8 { line += "  " + (title.count > room ? String(title.prefix(room - 1)) + "…" : title) }
        }
        if let affirmation, status.phase == .sitting {
            let room = width - 11 - text.count - (bar.isEmpty ? 0 : barWidth + 2) - 3
            if room >= 12 {
                line += "  " + (affirmation.count > room ? String(affirmation.prefix(room - 1)) + "…" : affirmation)
            }
        }
        return line
    }

    static func name(of phase: SessionPhase) -> String {
        switch phase {
        case .countdown: say(.phaseCountdown)
        case .sitting: say(.phaseSitting)
        case .paused: say(.phasePaused)
        case .complete: say(.phaseComplete)
        case .ended: say(.phaseEnded)
        case .playing: say(.phasePlaying)
        }
    }

    private func position(_ status: LiveStatus, outline: SessionOutline) -> String {
        let rate = outline.format.sampleRate
        return ClockText.format(seconds: status.sessionFrame / rate) + " / "
            + ClockText.format(seconds: (outline.trackFrames + rate / 2) / rate)
    }

    private func progressBar(_ fraction: Double, width: Int) -> String {
        let filled = Int((min(max(fraction, 0), 1) * Double(width)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        return color ? "\u{1B}[2m\(bar)\u{1B}[0m" : bar
    }

    private func paint(_ text: String, _ phase: SessionPhase) -> String {
        guard color else { return text }
        let code =
            switch phase {
            case .playing: "34"
            case .countdown: "33"
            case .sitting: "32"
            case .paused: "36"
            case .complete: "1;32"
            case .ended: "35"
            }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
