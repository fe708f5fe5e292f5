import Foundation
import ProgramTestSupport
import Testing
import WAVTestSupport

/// The completion scripts meditate writes, sourced into a real bash and a real fish, with a
/// config.toml that holds a preset and a library that holds a track.
@Suite("Tab completion that follows the README: the sit's options at the top, presets, keys, gongs, titles")
struct CompletionTests {
    /// A user's config.toml with the preset `evening`, a library with "Body scan" and the course
    /// `basics` of it, and the folder of the meditate under test first on PATH, as an installed
    /// one is.
    struct Sitter {
        let scratch: Scratch
        var environment: [String: String] {
            CLIRunner.environment.merging([
                "XDG_CONFIG_HOME": scratch.path("config"), "XDG_DATA_HOME": scratch.path("data"),
                "HOME": scratch.path(""),
                "PATH": CLIRunner.executable.deletingLastPathComponent().path + ":/usr/bin:/bin"
            ]) { $1 }
        }

        /// A script that starts `shell` (its arguments included) in a folder `empty` of the
        /// scratch, with this sitter's folders and PATH, as a person's terminal would.
        func interactiveShell(_ shell: String) throws -> String {
            var lines = ["#!/bin/sh"]
            for (key, value) in environment where key.hasPrefix("XDG") || key == "HOME" || key == "PATH" {
                lines.append("export \(key)='\(value)'")
            }
            let empty = scratch.path("empty")
            try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
            lines.append("cd '\(empty)'")
            lines.append("exec " + shell)
            let script = scratch.path("shell.sh")
            try lines.joined(separator: "\n").write(toFile: script, atomically: true, encoding: .utf8)
            chmod(script, 0o755)
            return script
        }

        init() throws {
            scratch = try Scratch()
            let saved = try CLIRunner.run(["preset", "save", "evening", "--minutes", "30"], environment: environment)
            #expect(saved.status == 0, "\(saved.stderr)")
            let track = scratch.path("Body scan.wav")
            try writeSineWAV(path: track, frames: 8000, sampleRate: 8000, channels: 1)
            let imported = try CLIRunner.run(["library", "import", track, "-q"], environment: environment)
            #expect(imported.status == 0, "\(imported.stderr)")
            let course = try CLIRunner.run(["library", "course", "create", "basics", "1"], environment: environment)
            #expect(course.status == 0, "\(course.stderr)")
            // A title that is a shell pattern, and one that is a command substitution
            // (of other lengths: the library takes a sound once, whatever its name)
            for (index, name) in ["*", "$(touch PWNED)"].enumerated() {
                let odd = scratch.path("\(name).wav")
                try writeSineWAV(path: odd, frames: 8001 + index, sampleRate: 8000, channels: 1)
                let added = try CLIRunner.run(["library", "import", odd, "-q"], environment: environment)
                #expect(added.status == 0, "\(added.stderr)")
            }
        }

        /// What bash's Tab offers after `line` (its last word is the one being completed).
        func bash(_ line: [String]) throws -> [String] {
            let script = scratch.path("meditate.bash")
            let written = try CLIRunner.run(["--generate-completion-script", "bash"], environment: environment)
            try written.stdout.write(toFile: script, atomically: true, encoding: .utf8)
            let words = line.map { "'\($0)'" }.joined(separator: " ")
            let driver = """
                source '\(script)'
                COMP_WORDS=(meditate \(words)); COMP_CWORD=\(line.count)
                COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
                _meditate
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let result = try CLIRunner.run(program: "/bin/bash", ["--norc", "-c", driver], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map(String.init)
        }

        /// What fish offers for the command line `line`.
        func fish(_ line: String) throws -> [String] {
            let script = scratch.path("meditate.fish")
            let written = try CLIRunner.run(["--generate-completion-script", "fish"], environment: environment)
            try written.stdout.write(toFile: script, atomically: true, encoding: .utf8)
            let result = try CLIRunner.run(
                program: "/usr/bin/fish", ["--no-config", "-c", "source '\(script)'; complete -C'\(line)'"],
                environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
    }

    @Test("in bash, the line without `sit` completes as the sit's, and every value a name can take is offered")
    func bashFollowsTheReadme() throws {
        let sitter = try Sitter()
        // When Tab is pressed after each of these, Then these are offered
        let cases: [([String], [String])] = [
            (["--no"], ["--noise", "--noise-volume", "--no-color", "--no-affirmations", "--note"]),
            (["--noise", ""], ["white", "pink", "brown", "ocean", "none"]),
            (["--noise=p"], ["--noise=pink"]),
            (["--minutes", "20", "--interval", "5", "--noise", "b"], ["brown"]),
            (["ev"], ["evening"]),
            (["evening", "--int"], ["--interval", "--interval-gong", "--interval-volume", "--interval-strikes"]),
            (["--preset", ""], ["evening"]),
            (["preset", "show", ""], ["evening"]),
            (["config", "set", "noise-v"], ["noise-volume"]),
            (["config", "set", "noise", ""], ["white", "pink", "brown", "ocean", "none"]),
            (["config", "set", "gong", "b"], ["bowl", "bell"]),
            (["--gong", "b"], ["bowl", "bell"]),
            (["--end-gong", "g"], ["gong"]),
            (["--ambience", "Bo"], ["Body scan"]),
            (["play", "Bo"], ["Body scan"]),
            (["schedule", "add", "--at", "06:30", ""], ["sit", "play", "bell", "remind"]),
            (["schedule", "add", "--at", "07:00", "remind", "--te"], ["--text"]),
            (["schedule", "add", "--at", "06:30", "sit", "--strik"], ["--strikes"]),
            (["ctl", "st"], ["status", "stop"]),
            (["--lan"], ["--lang"]),
            (["render", "--lang", ""], ["en", "de"]),
            (["--minutes", "20", ""], []),
            (["evening", ""], []),
            (["help", "ren"], ["render"]),
            (["course", ""], ["play", "list", "reset", "basics"]),
            (["course", "b"], ["basics"]),
            (["course", "reset", ""], ["basics"]),
            (["library", "course", "remove", "b"], ["basics"]),
            // offered as they are: not expanded into the folder's names, not run
            (["play", "*"], ["*"]),
            (["play", "$("], ["$(touch PWNED)"])
        ]
        for (line, expected) in cases {
            let offered = try sitter.bash(line)
            #expect(Set(offered) == Set(expected), "\(line): \(offered)")
        }
        // And a gong or a bed may be any file: those in the folder typed are offered beside the names
        let files = try sitter.bash(["--gong", sitter.scratch.path("Body")])
        #expect(files == [sitter.scratch.path("Body scan.wav")], "\(files)")
        // And the subcommands and presets come first at an empty line, with no hidden command
        let top = try sitter.bash([""])
        #expect(top.contains("sit") && top.contains("render") && top.contains("evening") && !top.contains("decode"))
    }

    @Test("in fish, the same: the sit's options at the top, values, presets")
    func fishFollowsTheReadme() throws {
        let sitter = try Sitter()
        #expect(try Set(sitter.fish("meditate --noise ")) == ["white", "pink", "brown", "ocean", "none"])
        #expect(try sitter.fish("meditate --nois").contains("--noise-volume"))
        #expect(try sitter.fish("meditate ev") == ["evening"])
        #expect(try sitter.fish("meditate play Bo") == ["Body scan"])
        #expect(try Set(sitter.fish("meditate config set strikes ")).isEmpty)
    }
}
