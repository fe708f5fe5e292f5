import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

/// Tab pressed in a real interactive bash in tmux, the completion script sourced as a person's
/// bashrc sources it: what readline puts on the line, not only what the script offers.
@Suite("Tab in an interactive bash puts names on the line quoted")
struct CompletionTabTests {
    @Test(
        "a title with a space or that is a shell pattern is put on the line quoted, and a command substitution never runs",
        .enabled(if: RequiredTools.runs(needing: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")))
    )
    func tabQuotesWhatItInserts() throws {
        // Given a library holding "$(touch PWNED)" and "*", and a bash with the completion
        let sitter = try CompletionTests.Sitter()
        let scratch = sitter.scratch
        let completion = scratch.path("meditate.bash")
        let written = try CLIRunner.run(["--generate-completion-script", "bash"], environment: sitter.environment)
        try written.stdout.write(toFile: completion, atomically: true, encoding: .utf8)
        // A folder of one file: a "*" the script expanded would be its name.
        let empty = scratch.path("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: empty + "/zzz-file", contents: nil))
        let script = try sitter.interactiveShell("/bin/bash --norc --noprofile -i")
        let tmux = try PrivateTmux(script: script, columns: 100, scratch: scratch)
        defer { tmux.stop() }
        _ = try tmux.screen(within: 10) { $0.contains { $0.hasPrefix("bash") } }
        try tmux.send("PS1='$ '; source '\(completion)'")
        try tmux.send("Enter")
        _ = try tmux.screen(within: 10) { $0.contains { $0 == "$ " || $0 == "$" } }

        // When Tab completes a title with a space, one that is a shell pattern, and after an
        // opened quote one that is a command substitution
        func tab(_ typed: String, until shown: @escaping (String) -> Bool) throws -> [String] {
            try tmux.send("C-u")
            try tmux.send(typed)
            try tmux.send("Tab")
            return try tmux.screen(within: 10) { $0.contains(where: shown) }
        }
        let spaced = try tab("meditate play Bo") { $0.hasPrefix("$ meditate play Body") }
        let pattern = try tab("meditate play *") { $0.hasPrefix("$ meditate play \\*") }
        let substitution = try tab("meditate play '$(") { $0.hasPrefix("$ meditate play '$(touch") }
        let doubled = try tab("meditate play \"Bo") { $0.hasPrefix("$ meditate play \"Body") }
        Thread.sleep(forTimeInterval: 1)
        try tmux.send("C-u")

        // Then each is put on the line quoted, as one word, and nothing ran
        #expect(spaced.contains { $0.hasPrefix("$ meditate play Body\\ scan") }, "\(spaced)")
        #expect(pattern.contains { $0.hasPrefix("$ meditate play \\*") }, "\(pattern)")
        #expect(substitution.contains { $0.hasPrefix("$ meditate play '$(touch PWNED)'") }, "\(substitution)")
        #expect(doubled.contains { $0.hasPrefix("$ meditate play \"Body scan\"") }, "\(doubled)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("PWNED")))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("empty/PWNED")))
    }
}
