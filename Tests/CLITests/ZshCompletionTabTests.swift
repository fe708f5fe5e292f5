import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

/// Tab pressed in a real interactive zsh in tmux, the completion script installed as a package
/// installs it (`_meditate` in a folder of `fpath`, `compinit`): what zle puts on the line.
@Suite("Tab in an interactive zsh completes options, presets and titles")
struct ZshCompletionTabTests {
    @Test(
        "zsh's Tab completes an option, a preset and a title with a space, quoted, and a command substitution never runs",
        .enabled(
            if: RequiredTools.runs(
                needing: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
                    && FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")))
    )
    func tabCompletesInZsh() throws {
        // Given a library holding "Body scan" and "$(touch PWNED)", a preset `evening`, and a zsh
        // whose fpath holds the script as `_meditate`
        let sitter = try CompletionTests.Sitter()
        let scratch = sitter.scratch
        let functions = scratch.path("zsh-functions")
        try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
        let written = try CLIRunner.run(["--generate-completion-script", "zsh"], environment: sitter.environment)
        #expect(written.status == 0, "\(written.stderr)")
        try written.stdout.write(toFile: functions + "/_meditate", atomically: true, encoding: .utf8)
        // -f: no rc file of this machine's; the prompt and compinit as a person's .zshrc has them.
        let script = try sitter.interactiveShell("/usr/bin/zsh -f -i")
        let tmux = try PrivateTmux(script: script, columns: 100, scratch: scratch)
        defer { tmux.stop() }
        // zsh -f's own prompt ("host# "), before anything is typed: zle drops what came before it.
        _ = try tmux.screen(within: 10) { $0.contains { $0.hasSuffix("#") || $0.hasSuffix("%") } }
        try tmux.send("PS1='$ '; fpath=('\(functions)' $fpath); autoload -Uz compinit; compinit -u -D")
        try tmux.send("Enter")
        _ = try tmux.screen(within: 10) { $0.contains { $0 == "$ " || $0 == "$" } }

        // When Tab completes an option, a preset, a title with a space, and after an opened
        // quote one that is a command substitution
        func tab(_ typed: String, until shown: @escaping (String) -> Bool) throws -> [String] {
            try tmux.send("C-u")
            try tmux.send(typed)
            try tmux.send("Tab")
            return try tmux.screen(within: 10) { $0.contains(where: shown) }
        }
        let option = try tab("meditate --noi") { $0 == "$ meditate --noise" }
        let preset = try tab("meditate --preset eve") { $0 == "$ meditate --preset evening" }
        let spaced = try tab("meditate play Bo") { $0.hasPrefix("$ meditate play Body\\ scan") }
        let substitution = try tab("meditate play '$(") { $0.hasPrefix("$ meditate play '$(touch") }
        Thread.sleep(forTimeInterval: 1)
        try tmux.send("C-u")

        // Then each is put on the line whole, the title as one word, and nothing ran
        #expect(option.contains { $0 == "$ meditate --noise" }, "\(option)")
        #expect(preset.contains { $0 == "$ meditate --preset evening" }, "\(preset)")
        #expect(spaced.contains { $0.hasPrefix("$ meditate play Body\\ scan") }, "\(spaced)")
        // (inside the quote it opened: zsh leaves the quote for the person to close)
        #expect(substitution.contains { $0.hasPrefix("$ meditate play '$(touch PWNED)") }, "\(substitution)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("PWNED")))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("empty/PWNED")))
    }
}
