import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

/// The note asked at the end of a sit in a terminal: a person at a tmux window types it, or
/// skips it with Enter; with -q, or without a terminal, nothing is asked.
@Suite(
    "the note asked when a sit ends in a terminal",
    .enabled(if: RequiredTools.installed("/usr/bin/tmux"), "needs tmux (make test installs it)"))
struct EndNotePromptTests {
    /// A 3-second sit on ALSA's null device (over in a moment), in this process.
    static let sit = ["--minutes", "0.05", "--countdown", "0", "--backend", "alsa", "--device", "null", "--standalone"]

    /// Runs `arguments` in a tmux window with `history`'s data, types `keys` (tmux's names)
    /// once the window shows `waitFor`, and waits until the history holds `sits`; the screen
    /// that was waited for, and whether the program then exited by itself (the window closed).
    func runInTmux(
        _ arguments: [String], history: HistoryScratch, waitFor: String?, keys: [String], sits: Int
    ) throws -> (screen: [String], exited: Bool) {
        let script = try PrivateTmux.script(
            arguments, environment: history.environment, errors: nil, scratch: history.scratch)
        let tmux = try PrivateTmux(script: script, columns: 80, scratch: history.scratch)
        defer { tmux.stop() }
        var shown: [String] = []
        if let waitFor {
            shown = try tmux.screen(within: 20) { $0.contains { $0.contains(waitFor) } }
            #expect(shown.contains { $0.contains(waitFor) }, "\(shown)")
            for key in keys { try tmux.send(key) }
        }
        // The row is written as the sit ends, its note once it is typed: the program's exit,
        // which closes the window, follows both.
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let listed = JSONValue.parse(try history.run(["history", "--json"]).stdout)
            if listed?.arrayCount == sits { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        // A program that asks nothing more exits, and its window with it: the server is gone.
        let closed = try tmux.screen(within: 10) { $0.joined().isEmpty }
        return (shown, closed.joined().isEmpty)
    }

    @Test("a note typed when the sit ends is kept with it; Enter skips; -q asks nothing")
    func noteTypedAtTheEnd() throws {
        // Given an empty history
        let history = try HistoryScratch()

        // When a sit ends in a terminal and a note is typed
        let asked = try runInTmux(
            Self.sit, history: history, waitFor: "A note of this sit (Enter skips):",
            keys: ["the rain, then quiet", "Enter"], sits: 1)
        // Then the sit was said to be over first, and the note is kept with it
        #expect(asked.screen.contains { $0.contains("complete: sat 3 s") }, "\(asked.screen)")
        #expect(asked.exited)
        let deadline = Date().addingTimeInterval(10)
        while JSONValue.parse(try history.run(["history", "--json"]).stdout)?[0]?["remark"] == nil, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
        }
        var sits = JSONValue.parse(try history.run(["history", "--json"]).stdout)
        #expect(sits?[0]?["remark"] == "the rain, then quiet", "\(sits?.line ?? "")")

        // When another ends and Enter alone is pressed
        #expect(try runInTmux(Self.sit, history: history, waitFor: "(Enter skips)", keys: ["Enter"], sits: 2).exited)
        // Then that sit is kept without a note
        sits = JSONValue.parse(try history.run(["history", "--json"]).stdout)
        #expect(sits?.arrayCount == 2 && sits?[1]?["remark"] == nil, "\(sits?.line ?? "")")

        // When one ends with -q, or with --note given
        let quiet = try runInTmux(Self.sit + ["-q"], history: history, waitFor: nil, keys: [], sits: 3)
        let noted = try runInTmux(Self.sit + ["--note", "given"], history: history, waitFor: nil, keys: [], sits: 4)
        // Then nothing was asked: each exited by itself, kept at once, the second with its note
        #expect(quiet.exited && noted.exited)
        sits = JSONValue.parse(try history.run(["history", "--json"]).stdout)
        #expect(sits?.arrayCount == 4 && sits?[3]?["remark"] == "given", "\(sits?.line ?? "")")
    }
}
