import Foundation
import Localization
import Session
import Settings

/// The one redrawn line of a live session in a terminal: phase, time left (or the track's
/// position), next bell, progress.
struct StatusLine {
    var color: Bool
    var width: Int
    /// The longest affirmation the sit may show (0: none): the bar keeps room for it all
    /// through the sit, so that it keeps one width as affirmations come, change and go, and
    /// where the longest does not fit beside a bar, none is shown.
    var affirmationRoom = 0
    /// Whether the line, once the sit is complete, says that the gong rings out and that q
    /// leaves now: where q does (a sit played here).
    var tellsRingOut = false
    /// A sound to fall asleep to: its sitting phase is said as sleep, not as sitting.
    var sleep = false

    func render(_ status: LiveStatus, plan: SessionPlan) -> String {
        render(status, outline: SessionOutline(plan))
    }

    /// The line while the sound output is gone and the session waits for it: what else the line
    /// says (the affirmation, the bar) gives way to this note, which a person needs more; in a
    /// narrow window, to its short form.
    static var waitingNotes: [String] {
        [
            "  " + localized("(waiting for sound output)", de: "(warte auf Audioausgabe)"),
            "  " + localized("(no sound)", de: "(kein Ton)")
        ]
    }

    /// `title` names the guided track while it plays; `affirmation` is shown while sitting, where
    /// there is room; `waitingForOutput` ends the line with one of `waitingNotes`, the longest
    /// that fits beside the phase and the time.
    func render(
        _ status: LiveStatus, outline: SessionOutline, title: String? = nil, affirmation: String? = nil,
        waitingForOutput: Bool
    ) -> String {
        guard waitingForOutput else { return render(status, outline: outline, title: title, affirmation: affirmation) }
        for note in Self.waitingNotes {
            let line = StatusLine(color: color, width: width - note.count, sleep: sleep).render(
                status, outline: outline, title: title)
            if Terminal.visibleCount(line) + note.count < width { return line + note }
        }
        return render(status, outline: outline, title: title)
    }

    /// `title` names the guided track while it plays; `affirmation` is shown while sitting, where
    /// there is room.
    func render(
        _ status: LiveStatus, outline: SessionOutline, title: String? = nil, affirmation: String? = nil
    ) -> String {
        let inTrack = status.sessionFrame < outline.trackFrames
        let text = withNextBell(phaseText(status, outline: outline, inTrack: inTrack), status, outline, inTrack)
        let word = sleep && status.phase == .sitting ? say(.phaseSleep) : Self.name(of: status.phase)
        let phase = paint(word.padding(toLength: 9, withPad: " ", startingAt: 0), status.phase)
        let fraction =
            inTrack || outline.sit == nil
            ? Double(status.sessionFrame) / Double(max(1, outline.trackFrames))
            : Double(min(max(0, status.sessionFrame - (outline.startFrame ?? 0)), outline.sitFrames))
                / Double(max(1, outline.sitFrames))
        let hint =
            switch status.phase {
            case .paused: "  " + say(.spaceResumes)
            case .complete where tellsRingOut: ringOutHint(room: width - 1 - (1 + 9 + 1 + text.count))
            default: ""
            }
        // The last column stays free: a line that fills it makes some terminals wrap.
        let room = width - 1 - (1 + 9 + 1 + text.count + hint.count)
        var extra: String?
        if let title, inTrack, status.phase == .playing {
            extra = title
        } else if let affirmation, status.phase == .sitting {
            extra = affirmation
        }
        let (barWidth, shown) = fit(extra, isTitle: extra != nil && extra == title, room: room)
        let bar = barWidth >= 5 && !outline.isOpen ? "  " + progressBar(fraction, width: barWidth) : ""
        var line = " " + phase + " " + text + bar + hint
        if !shown.isEmpty { line += "  " + shown }
        return line
    }

    /// After the completion gong, which rings out for many seconds with the prompt not yet
    /// back: that it does, and that q leaves now; the short form, or nothing, where it does not
    /// fit in `room`.
    private func ringOutHint(room: Int) -> String {
        let forms = [
            localized("(the gong rings out · q leaves now)", de: "(der Gong klingt aus · q beendet sofort)"),
            localized("(q leaves now)", de: "(q beendet sofort)")
        ]
        return forms.first { $0.count + 2 <= room }.map { "  " + $0 } ?? ""
    }

    /// What the phase says: the track's position, the countdown, the time left (or sat so far,
    /// in an open sit) with the segment that follows where it fits, or the time sat at the end.
    private func phaseText(_ status: LiveStatus, outline: SessionOutline, inTrack: Bool) -> String {
        let rate = outline.format.sampleRate
        switch status.phase {
        case .playing:
            return position(status, outline: outline)
        case .countdown:
            let start = outline.startFrame ?? 0
            return say(
                outline.hasTrack ? .sitBeginsIn : .startingIn,
                ["time": ClockText.format(frames: start - status.sessionFrame, rate: rate)])
        case .paused where inTrack:
            return position(status, outline: outline)
        case .sitting, .walking, .paused:
            // In a session of segments, the time left is the segment's, and the next follows.
            let left = status.segment?.remainingFrames ?? status.remainingFrames
            // An open-ended sit counts up: there is no time left to tell.
            var text =
                outline.isOpen
                ? say(.sitSoFar, ["time": ClockText.format(seconds: status.satFrames / rate)])
                : say(.timeLeft, ["time": ClockText.format(frames: left, rate: rate)])
            if let next = status.segment?.next {
                let then =
                    " · "
                    + say(
                        next.kind == .walk ? .thenWalk : .thenSit,
                        ["time": ClockText.format(frames: next.frames, rate: rate)])
                // Where it fits beside the pause's hint, when paused (the bar gives way to it).
                let hint = status.phase == .paused ? 2 + say(.spaceResumes).count : 0
                if 11 + text.count + then.count + hint < width { text += then }
            }
            return text
        case .complete, .ended:
            return say(.satTime, ["time": ClockText.format(seconds: status.satFrames / rate)])
        }
    }

    /// `text` with the next interval bell told after it, where it fits. A walk rings no bells
    /// unless asked to: then the next is told there too.
    private func withNextBell(
        _ text: String, _ status: LiveStatus, _ outline: SessionOutline, _ inTrack: Bool
    ) -> String {
        let walkRings = outline.sit?.configuration.ringsBells(in: .walk) ?? false
        guard let next = status.nextGong, status.phase != .complete, status.phase != .ended,
            status.phase != .walking || walkRings, !inTrack, case .interval = next.kind
        else { return text }
        let rate = outline.format.sampleRate
        let bell =
            " · "
            + say(.nextBellIn, ["time": ClockText.format(frames: next.frame - status.sessionFrame, rate: rate)])
        // Only where it fits: a line wider than the window would wrap.
        let hint = status.phase == .paused ? 2 + say(.spaceResumes).count : 0
        return 11 + text.count + bell.count + hint < width ? text + bell : text
    }

    /// The bar's width and the text shown after it in `room` columns. The track's title or the
    /// affirmation is shown whole, the bar shrinking (or going) to make room for it; an
    /// affirmation that does not fit is not shown at all, and a title, which names what plays,
    /// is cut at a word.
    private func fit(_ extra: String?, isTitle: Bool, room: Int) -> (barWidth: Int, shown: String) {
        let reserve = isTitle ? 0 : affirmationRoom
        guard let extra else {
            // The room an affirmation of this sit would take is kept when none is shown.
            if reserve > 0 && reserve + 2 <= room - 7 { return (min(30, room - 2 - reserve - 2), "") }
            return (min(30, room - 2), "")
        }
        let kept = max(reserve, extra.count)
        if kept + 2 <= room - 7 { return (min(30, room - 2 - kept - 2), extra) }
        // A sit's bar does not go for an affirmation: it would come back when the next does not fit.
        if reserve == 0 && extra.count + 2 <= room { return (0, extra) }
        if isTitle { return (0, Self.cut(extra, to: room - 2)) }
        return (min(30, room - 2), "")
    }

    /// `text` in at most `width` characters, cut after a whole word with an ellipsis; empty
    /// when not even one word fits.
    static func cut(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        guard width > 1 else { return "" }
        let head = text.prefix(width - 1)
        guard let space = head.lastIndex(of: " ") else { return "" }
        let words = head[..<space].trimmingCharacters(in: .whitespaces)
        return words.isEmpty ? "" : words + "…"
    }

    static func name(of phase: SessionPhase) -> String { phase.word }

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
            case .walking: "92"
            case .paused: "36"
            case .complete: "1;32"
            case .ended: "35"
            }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
