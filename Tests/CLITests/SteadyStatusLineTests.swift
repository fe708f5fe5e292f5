import Localization
import Session
import Settings
import Testing

@testable import CLI

/// The status line of a sit holds still: its bar keeps one width while affirmations come and
/// go, the keys above it break between words, and after the completion gong it says why the
/// prompt is not back yet.
@Suite("A steady status line")
struct SteadyStatusLineTests {
    private static let rate = 48_000

    private func sitting(seconds: Int, of plan: SessionPlan) -> LiveStatus {
        let now = plan.startFrame + seconds * Self.rate
        return LiveStatus(
            phase: .sitting, sessionFrame: now, remainingFrames: plan.completionFrame - now, nextGong: nil,
            satFrames: seconds * Self.rate)
    }

    private func plan() throws -> SessionPlan {
        var configuration = SessionConfiguration()
        configuration.minutes = ExactDecimal(20)
        return try SessionPlan(configuration)
    }

    private func barCells(_ line: String) -> Int { line.filter { $0 == "█" || $0 == "░" }.count }

    @Test(
        "the bar keeps one width through a sit, whether an affirmation shows, which one, or none, at 60 to 120 columns")
    func barKeepsItsWidth() throws {
        // Given a 20-minute sit with a short and a long affirmation
        let plan = try plan()
        let outline = SessionOutline(plan)
        let short = "Rest."
        let long = "Breathe in, and know that you are breathing in."
        for width in stride(from: 60, through: 120, by: 10) {
            let line = StatusLine(color: false, width: width, affirmationRoom: long.count)
            // When it is drawn with each affirmation, without one, and in the countdown
            let status = sitting(seconds: 60, of: plan)
            let withShort = line.render(status, outline: outline, affirmation: short)
            let withLong = line.render(status, outline: outline, affirmation: long)
            let without = line.render(status, outline: outline)
            // Then the bar is as wide in each
            #expect(barCells(withShort) == barCells(withLong), "\(width): \(withShort) | \(withLong)")
            #expect(barCells(without) == barCells(withLong), "\(width): \(without) | \(withLong)")
            // And the long one is whole or not there, and each line fits
            #expect(withLong.contains(long) || !withLong.contains("Breathe"), "\(width): \(withLong)")
            #expect(withLong.count < width && withShort.count < width, "\(width)")
            // And where the long one does not fit, neither does the short one: none shows
            if !withLong.contains(long) { #expect(!withShort.contains(short), "\(width): \(withShort)") }
        }
    }

    @Test(
        "the keys above the line break between words at 20 to 60 columns, in English and German, no row opening with ·")
    func keysBreakBetweenWords() {
        for text in [
            "space pauses and resumes · q ends", "Leertaste pausiert und setzt fort · q beendet",
            "Leertaste pausiert und setzt fort · ← → 15 s · q beendet"
        ] {
            for width in stride(from: 20, through: 60, by: 5) {
                // When the keys are wrapped to the window
                let rows = Terminal.wrapped(text, width: width).split(separator: "\n").map(String.init)
                // Then every row is narrower than the window, and the words are the same, whole
                #expect(rows.allSatisfy { $0.count < width }, "\(width): \(rows)")
                #expect(rows.joined(separator: " ") == text, "\(width): \(rows)")
                #expect(!rows.contains { $0.hasPrefix("·") }, "\(width): \(rows)")
            }
        }
        #expect(Terminal.wrapped("Leertaste pausiert und setzt fort · q beendet", width: 40).contains("\nq beendet"))
    }

    @Test(
        "once complete, the line says the gong rings out and q leaves now, shorter where narrow, and only where q does")
    func ringOutIsTold() throws {
        // Given a 20-minute sit, complete
        let plan = try plan()
        let outline = SessionOutline(plan)
        let complete = LiveStatus(
            phase: .complete, sessionFrame: plan.completionFrame, remainingFrames: 0, nextGong: nil,
            satFrames: 20 * 60 * Self.rate)
        // When it is drawn at 80, 45 and 24 columns, and by a line that does not tell it
        let wide = StatusLine(color: false, width: 80, tellsRingOut: true).render(complete, outline: outline)
        let narrow = StatusLine(color: false, width: 45, tellsRingOut: true).render(complete, outline: outline)
        let narrowest = StatusLine(color: false, width: 24, tellsRingOut: true).render(complete, outline: outline)
        let following = StatusLine(color: false, width: 80).render(complete, outline: outline)
        // Then the wide line says both, the narrow one that q leaves, and none is too wide
        #expect(wide.contains("sat 20:00") && wide.contains("(the gong rings out · q leaves now)"), "\(wide)")
        #expect(narrow.contains("(q leaves now)") && narrow.count < 45, "\(narrow)")
        #expect(narrowest.count < 24 && !narrowest.contains("(q"), "\(narrowest)")
        #expect(!following.contains("q leaves"), "\(following)")
        // And in German
        let german = Language.$requested.withValue(.de) {
            StatusLine(color: false, width: 80, tellsRingOut: true).render(complete, outline: outline)
        }
        #expect(german.contains("(der Gong klingt aus · q beendet sofort)"), "\(german)")
    }
}
