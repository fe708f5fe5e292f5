import Session

/// The one redrawn line of a live session in a terminal: phase, time left, next bell, progress.
struct StatusLine {
    var color: Bool
    var width: Int

    func render(_ status: LiveStatus, plan: SessionPlan) -> String {
        let rate = plan.format.sampleRate
        var text: String
        switch status.phase {
        case .countdown:
            text = "starting in \(ClockText.format(frames: plan.startFrame - status.sessionFrame, rate: rate))"
        case .sitting, .paused:
            text = "\(ClockText.format(frames: status.remainingFrames, rate: rate)) left"
        case .complete, .ended:
            text = "sat \(ClockText.format(seconds: status.satFrames / rate))"
        }
        if let next = status.nextGong, status.phase != .complete, status.phase != .ended,
           case .interval = next.kind {
            text += " · next bell in \(ClockText.format(frames: next.frame - status.sessionFrame, rate: rate))"
        }
        let phase = paint(status.phase.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0), status.phase)
        let sitLength = max(1, plan.completionFrame - plan.startFrame)
        let barWidth = max(0, min(30, width - 9 - text.count - 6))
        let bar = barWidth >= 5 ? "  " + progressBar(Double(status.satFrames) / Double(sitLength), width: barWidth) : ""
        let hint = status.phase == .paused ? "  (space resumes)" : ""
        return " " + phase + " " + text + bar + hint
    }

    private func progressBar(_ fraction: Double, width: Int) -> String {
        let filled = Int((min(max(fraction, 0), 1) * Double(width)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        return color ? "\u{1B}[2m\(bar)\u{1B}[0m" : bar
    }

    private func paint(_ text: String, _ phase: SessionPhase) -> String {
        guard color else { return text }
        let code = switch phase {
        case .countdown: "33"
        case .sitting: "32"
        case .paused: "36"
        case .complete: "1;32"
        case .ended: "35"
        }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
