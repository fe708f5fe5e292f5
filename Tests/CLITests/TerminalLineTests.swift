import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

/// The status line as a person sees it in a terminal (tmux): the keys told at the start, the
/// affirmation whole or not at all, and a window made narrower mid-sit left clean.
@Suite("The terminal's status line", .serialized)
struct TerminalLineTests {
    static let affirmation = "Breathe in, and know that you are breathing in."

    /// A 2-minute sit with bells every 30 s and one affirmation, in a tmux window `columns`
    /// wide, on the private PulseAudio server (whose sink the caller holds, and which it lets
    /// go only once the sit has faded out: `close(_:)`).
    private func sit(columns: Int, scratch: Scratch) throws -> PrivateTmux {
        let words = scratch.path("affirmations.txt")
        try (Self.affirmation + "\n").write(toFile: words, atomically: true, encoding: .utf8)
        let script = try PrivateTmux.script(
            [
                "--minutes", "2", "--countdown", "0", "--interval", "0.5", "--affirmations", words, "--backend",
                "pulse", "--no-color"
            ],
            environment: ["XDG_DATA_HOME": scratch.path("data"), "XDG_CONFIG_HOME": scratch.path("config")],
            errors: scratch.path("errors.log"), scratch: scratch)
        return try PrivateTmux(script: script, columns: columns, scratch: scratch)
    }

    /// Closes the terminal and waits for the sit to have faded out and exited: the next test
    /// that records the sink heard its gong once.
    private func close(_ tmux: PrivateTmux) {
        tmux.stop()
        #expect(!tmux.programs.isEmpty, "the terminal's sit was not found")
        #expect(tmux.waitForPrograms(within: 10), "the sit outlived its terminal by 10 s")
    }

    private static func statusRow(_ screen: [String]) -> String? {
        screen.first { $0.contains(" left") && $0.contains("sitting") }
    }

    @Test(
        "at 60, 80 and 100 columns the affirmation is shown whole or not at all, and the keys are told at the start",
        arguments: [60, 80, 100])
    func affirmationWholeOrNotAtAll(columns: Int) throws {
        // Given a sit with bells, in a window of that width
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let tmux = try sit(columns: columns, scratch: scratch)
        defer { close(tmux) }
        // When it has sat a few seconds
        let screen = try tmux.screen(within: 15) { Self.statusRow($0) != nil && $0.joined().contains("q ends") }
        let row = try #require(Self.statusRow(screen), "\(screen)")
        // Then the line fits the window and holds the affirmation whole, or nothing of it
        #expect(row.count < columns, "\(row)")
        let whole = row.contains(Self.affirmation)
        #expect(whole || !row.contains("Breathe"), "\(row)")
        #expect(!row.contains("…"), "\(row)")
        // (at 100 columns there is room for it beside "next bell in", at 60 there is not)
        if columns == 100 { #expect(whole, "\(row)") }
        if columns == 60 { #expect(!whole, "\(row)") }
        // And the keys were told once, above it
        #expect(screen.contains { $0.hasPrefix("space pauses and resumes · q ends") }, "\(screen)")
        try tmux.send("q")
    }

    @Test("a window narrowed from 100 to 60 columns mid-sit holds no fragment of the old line")
    func resizeLeavesNothingBehind() throws {
        // Given a sit at 100 columns showing the affirmation
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let tmux = try sit(columns: 100, scratch: scratch)
        defer { close(tmux) }
        let wide = try tmux.screen(within: 15) { Self.statusRow($0)?.contains(Self.affirmation) == true }
        #expect(Self.statusRow(wide)?.contains(Self.affirmation) == true, "\(wide)")
        // When the window is made 60 columns wide
        try tmux.resize(columns: 60)
        let narrow = try tmux.screen(within: 5) { screen in
            screen.allSatisfy { $0.count <= 60 } && !screen.joined().contains("breathing")
        }
        // Then one status row is left, within the width, and nothing of the old line anywhere
        let rows = narrow.filter { $0.contains("sitting") }
        #expect(rows.count == 1, "\(narrow)")
        #expect(!narrow.joined(separator: "\n").contains("breathing"), "\(narrow)")
        let barRows = narrow.filter { $0.contains("░") || $0.contains("█") }
        #expect(barRows.count <= 1 && barRows.allSatisfy { $0.contains("sitting") }, "\(narrow)")
        // And the keys are still told above it (the window is redrawn from its top; what was on it
        // before is in the scrollback, as after any clear)
        #expect(narrow.first?.hasPrefix("space pauses and resumes") == true, "\(narrow)")
        try tmux.send("q")
    }

    @Test(
        "the sound server gone and back mid-sit: the pane says the sit waits, then sits on, and no row holds a fragment of another"
    )
    func soundServerGoneAndBack() throws {
        // Given a sit in an 80-column window on a PulseAudio server of the test's own, its
        // warnings written to the window as a person's terminal has them
        let scratch = try Scratch()
        // (detached: Foundation's Process would wait on a live server, and then see no other
        // child's exit, tmux's among them)
        var server = try DetachedPulseServer(in: scratch.url)
        // Last, once the sit has faded out on it (defers run in reverse)
        defer { server.kill() }
        let script = try PrivateTmux.script(
            ["--minutes", "1", "--countdown", "0", "--interval", "0.25", "--backend", "pulse", "--no-color"],
            environment: [
                "XDG_DATA_HOME": scratch.path("data"), "XDG_CONFIG_HOME": scratch.path("config"),
                "PULSE_SERVER": "unix:\(server.socket)"
            ],
            errors: nil, scratch: scratch)
        let tmux = try PrivateTmux(script: script, columns: 80, scratch: scratch)
        defer { close(tmux) }
        _ = try tmux.screen(within: 15) { Self.statusRow($0) != nil }

        // When the server dies three seconds in
        Thread.sleep(forTimeInterval: 3)
        server.kill()

        // Then the status line says the sit waits for its sound, below whole lines that say why
        let waiting = try tmux.screen(within: 15) { $0.contains { $0.contains("(waiting for sound output)") } }
        #expect(waiting.contains { $0.contains("(waiting for sound output)") }, "\(waiting)")
        #expect(waiting.contains { $0.hasPrefix("meditate: no sound output; the session waits") }, "\(waiting)")

        // And when a server is back, the sit goes on, and says where it plays
        server = try DetachedPulseServer(in: scratch.url)
        let back = try tmux.screen(within: 15) { screen in
            screen.contains { $0.hasPrefix("meditate: playing on PulseAudio") }
                && Self.statusRow(screen).map { !$0.contains("waiting") } == true
        }
        #expect(back.contains { $0.hasPrefix("meditate: playing on PulseAudio") }, "\(back)")
        // And every row is one thing: the keys, a notice, or the status line, never two torn together
        let rows = back.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        for row in rows {
            // (a notice too long for a row goes on in the next, indented, broken between words)
            let kinds = [
                row.hasPrefix("space pauses"), row.hasPrefix("meditate: "), row.hasPrefix(" sitting"),
                row.hasPrefix("  ") && !row.hasPrefix("   ")
            ]
            #expect(kinds.filter { $0 }.count == 1, "a torn row: \(row)\n\(back)")
            #expect(row.count < 80 && !row.contains("warning"), "\(row)")
            #expect(row.firstMatch(of: /\d{4}-\d{2}-\d{2}T\d/) == nil, "a log line: \(row)")
        }
        #expect(rows.filter { $0.contains(" left") }.count == 1, "\(back)")
        try tmux.send("q")
    }
}
