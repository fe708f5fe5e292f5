import Foundation
import Mixer
import ProgramTestSupport
import Session
import Settings
import Testing

@testable import CLI
@testable import Service

@Suite("Status line and clock text")
struct StatusLineTests {
    func plan() throws -> SessionPlan {
        var configuration = SessionConfiguration()
        configuration.minutes = ExactDecimal(20)
        configuration.interval = ExactDecimal(5)
        return try SessionPlan(configuration)
    }

    @Test("a line's columns are its characters without the colour escapes, whatever else it holds")
    func visibleColumns() {
        // Given lines with colour escapes, an escape that is not one, and wide text
        let cases: [(String, Int)] = [
            ("\u{1B}[2msitting\u{1B}[0m 3:00", 12), ("\u{1B}[38;5;244m·\u{1B}[0m", 1),
            ("\u{1B}[?25lx", 1), ("\u{1B}x", 2), ("\u{1B}[12", 4), ("\u{1B}[1;!m", 6), ("Glocke ·", 8), ("", 0)
        ]
        // Then each counts what is seen
        for (line, columns) in cases {
            #expect(Terminal.visibleCount(line) == columns, "\(line.debugDescription)")
        }
    }

    @Test("a sleep's line says sleep where a sit's says sitting, in as few columns")
    func sleepIsSaidAsSleep() throws {
        // Given a 20-minute plan 7 minutes in
        let plan = try plan()
        let now = plan.startFrame + 7 * 60 * 48_000
        let status = LiveStatus(
            phase: .sitting, sessionFrame: now, remainingFrames: plan.completionFrame - now,
            nextGong: nil, satFrames: 7 * 60 * 48_000)
        // When it is drawn as a sleep, and as a sit
        let asleep = StatusLine(color: false, width: 60, sleep: true).render(status, outline: SessionOutline(plan))
        let sitting = StatusLine(color: false, width: 60).render(status, outline: SessionOutline(plan))
        // Then the sleep says sleep, the sit sitting, and both are as wide
        #expect(asleep.hasPrefix(" sleep     13:00 left"), "\(asleep)")
        #expect(sitting.hasPrefix(" sitting   13:00 left"), "\(sitting)")
        #expect(asleep.count == sitting.count, "\(asleep)|\(sitting)")
    }

    @Test(
        "while the sound output is gone the line says the sit waits for it at 40 to 100 columns, the affirmation giving way",
        arguments: [40, 60, 80, 100])
    func waitingForOutputIsAlwaysSaid(columns: Int) throws {
        // Given a 20-minute sit 7 minutes in, with an affirmation to show
        let plan = try plan()
        let now = plan.startFrame + 7 * 60 * 48_000
        let status = LiveStatus(
            phase: .sitting, sessionFrame: now, remainingFrames: plan.completionFrame - now,
            nextGong: plan.gongs.first { $0.frame > now }, satFrames: 7 * 60 * 48_000)
        let affirmation = "Breathe in, and know that you are breathing in."
        // When it is drawn while the session waits for its output
        let line = StatusLine(color: false, width: columns).render(
            status, outline: SessionOutline(plan), affirmation: affirmation, waitingForOutput: true)
        // Then it says the phase, the time left and that it waits, within the window
        #expect(line.hasPrefix(" sitting   13:00 left"), "\(line)")
        // (in its short form where the window is narrow)
        #expect(line.hasSuffix(columns > 40 ? "  (waiting for sound output)" : "  (no sound)"), "\(line)")
        #expect(line.count < columns, "\(line)")
        // And once the output is back, the line is the one drawn before it went
        let back = StatusLine(color: false, width: columns).render(
            status, outline: SessionOutline(plan), affirmation: affirmation, waitingForOutput: false)
        #expect(
            back
                == StatusLine(color: false, width: columns).render(
                    status, outline: SessionOutline(plan), affirmation: affirmation))
    }

    @Test("times read as m:ss, or h:mm:ss from an hour, rounded up while counting down")
    func clockText() {
        #expect(ClockText.format(seconds: 0) == "0:00")
        #expect(ClockText.format(seconds: 65) == "1:05")
        #expect(ClockText.format(seconds: 3723) == "1:02:03")
        #expect(ClockText.format(frames: 48_001, rate: 48_000) == "0:02")
        #expect(ClockText.format(frames: 48_000, rate: 48_000) == "0:01")
    }

    @Test("sitting shows the time left, the next bell and the progress, without colour when asked")
    func sitting() throws {
        // Given a 20-minute sit with 5-minute bells, 7 minutes in
        let plan = try plan()
        let now = plan.startFrame + 7 * 60 * 48_000
        let status = LiveStatus(
            phase: .sitting, sessionFrame: now, remainingFrames: plan.completionFrame - now,
            nextGong: plan.gongs.first { $0.frame > now }, satFrames: 7 * 60 * 48_000)
        // When it is drawn 80 columns wide without colour
        let line = StatusLine(color: false, width: 80).render(status, plan: plan)
        // Then it reads as a person expects, with a bar 7/20 full, and no escape codes
        #expect(line.hasPrefix(" sitting   13:00 left · next bell in 3:00  "))
        let filled = line.filter { $0 == "█" }.count
        let width = filled + line.filter { $0 == "░" }.count
        #expect(width >= 5 && filled == width * 7 / 20)
        #expect(!line.contains("\u{1B}"))
        #expect(line.count <= 80)
    }

    @Test("walking shows the walk's time left and the sit that follows, and no bell; random bells are never announced")
    func walkingAndRandomBells() throws {
        // Given sit 25, walk 10, sit 25 with bells every 5 minutes, 2:48 into the walk
        var c = SessionConfiguration()
        c.minutes = ExactDecimal(60)
        c.segments = try #require(SessionSegment.list("sit 25, walk 10, sit 25"))
        c.interval = ExactDecimal(5)
        let plan = try SessionPlan(c)
        let outline = SessionOutline(plan)
        let now = plan.startFrame + (25 * 60 + 168) * 48_000
        // When it is drawn 80 columns wide
        let line = StatusLine(color: false, width: 80).render(outline.status(phase: .sitting, at: now), plan: plan)
        // Then it says walking, the walk's 7:12 left and the sit to come, and no next bell
        #expect(line.hasPrefix(" walking   7:12 left · then sit 25:00  "), "\(line)")
        #expect(!line.contains("bell"))
        // And at 60 columns what follows is still said, the bar giving way
        let narrow = StatusLine(color: false, width: 60).render(outline.status(phase: .sitting, at: now), plan: plan)
        #expect(narrow.hasPrefix(" walking   7:12 left · then sit 25:00"), "\(narrow)")
        #expect(narrow.count < 60)
        // And a sit with random bells never tells when the next comes
        var random = SessionConfiguration()
        random.randomBells = RandomBells("3-10")
        random.seed = 9
        let secret = try SessionPlan(random)
        let during = secret.startFrame + 60 * 48_000
        let sitting = StatusLine(color: false, width: 100).render(
            SessionOutline(secret).status(phase: .sitting, at: during), plan: secret)
        #expect(sitting.hasPrefix(" sitting   19:00 left  "), "\(sitting)")
        #expect(secret.gongs.count > 2)
    }

    @Test("paused says how to resume; an early end shows the time sat and no next bell")
    func pausedAndEnded() throws {
        let plan = try plan()
        let now = plan.startFrame + 90 * 48_000
        var status = LiveStatus(
            phase: .paused, sessionFrame: now, remainingFrames: plan.completionFrame - now,
            nextGong: plan.gongs[1], satFrames: 90 * 48_000)
        #expect(StatusLine(color: true, width: 100).render(status, plan: plan).contains("(space resumes)"))
        status.phase = .ended
        let ended = StatusLine(color: false, width: 100).render(status, plan: plan)
        #expect(ended.contains("sat 1:30"))
        #expect(!ended.contains("next bell"))
    }

    @Test("a guided track shows its position, its length and its title; paused in the track it keeps the position")
    func guidedTrack() throws {
        // Given a 45-minute track then a 10-minute sit, 12 minutes 3 seconds into the track
        var sit = SessionConfiguration()
        sit.minutes = ExactDecimal(10)
        sit.countdownSeconds = ExactDecimal(5)
        let outline = try SessionOutline(trackFrames: 45 * 60 * 48_000, then: try SessionPlan(sit), format: .standard)
        let now = (12 * 60 + 3) * 48_000
        var status = LiveStatus(
            phase: .playing, sessionFrame: now, remainingFrames: outline.completionFrame - now,
            nextGong: outline.gongs.first, satFrames: now)
        // When it is drawn
        let line = StatusLine(color: false, width: 100).render(status, outline: outline, title: "Body scan — Tara")
        // Then it reads "playing 12:03 / 45:00", a bar 12/45 full and the title, within the width
        #expect(line.hasPrefix(" playing   12:03 / 45:00  "), "\(line)")
        #expect(line.hasSuffix("Body scan — Tara"))
        #expect(!line.contains("next bell") && !line.contains("left"))
        let filled = line.filter { $0 == "█" }.count
        let width = filled + line.filter { $0 == "░" }.count
        #expect(width >= 5 && filled == width * 723 / 2700)
        #expect(line.count <= 100)
        // And paused there it keeps the position and says how to resume
        status.phase = .paused
        let paused = StatusLine(color: false, width: 100).render(status, outline: outline, title: "Body scan — Tara")
        #expect(paused.contains("12:03 / 45:00") && paused.hasSuffix("(space resumes)"))
        // After the track, the gap counts down to the sit
        let gap = outline.trackFrames + 48_000
        status = LiveStatus(
            phase: .countdown, sessionFrame: gap, remainingFrames: outline.completionFrame - gap,
            nextGong: outline.gongs.first, satFrames: outline.trackFrames)
        #expect(
            StatusLine(color: false, width: 100).render(status, outline: outline).hasPrefix(
                " countdown sit begins in 0:04"))
    }
}
