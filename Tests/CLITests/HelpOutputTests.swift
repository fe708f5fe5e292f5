import Foundation
import ProgramTestSupport
import Testing

/// `--help` laid out for a person at any width, and what tools read left as ArgumentParser
/// wrote it: the completion scripts, and the JSON the man pages are made from.
@Suite("Help and what tools read")
struct HelpOutputTests {
    @Test("help fits 60 and 80 columns, keeps an example's flag with its value, and lists --lang")
    func helpFitsTheWidth() throws {
        for columns in [60, 80] {
            // When the top-level help is printed at that width
            let help = try CLIRunner.run(["--help"], environment: ["COLUMNS": "\(columns)", "LANG": "C.UTF-8"])
            #expect(help.status == 0)
            // Then no line is wider, `-o` and its file stay on one line, and --lang is an option
            let lines = help.stdout.split(separator: "\n")
            #expect(lines.allSatisfy { $0.count <= columns }, "\(lines.filter { $0.count > columns })")
            #expect(lines.contains { $0.contains("-o sit.wav") }, "\(help.stdout)")
            #expect(!lines.contains { $0.hasSuffix(" -o") }, "\(help.stdout)")
            #expect(lines.contains { $0.hasPrefix("  --lang <en|de>") }, "\(help.stdout)")
        }
        // And a usage line breaks only between its bracketed groups
        let serve = try CLIRunner.run(["serve", "--help"], environment: ["COLUMNS": "80", "LANG": "C.UTF-8"])
        let usage = serve.stdout.split(separator: "\n").drop { !$0.hasPrefix("USAGE: ") }.prefix { !$0.isEmpty }
        #expect(usage.count > 1 && usage.allSatisfy { $0.count <= 80 }, "\(usage)")
        for row in usage {
            #expect(row.filter { $0 == "[" }.count == row.filter { $0 == "]" }.count, "\(row)")
        }
        // And a description wrapped under a label as long as a row allows (`--start-volume
        // <volume>`, one space from its text) continues in the description column, never at the
        // options' margin
        let sit = try CLIRunner.run(["sit", "--help"], environment: ["COLUMNS": "80", "LANG": "C.UTF-8"])
        let margin = sit.stdout.split(separator: "\n").filter { $0.hasPrefix("  -") }
        #expect(margin.allSatisfy { $0.contains("<") || $0.count > 30 }, "\(margin)")
        #expect(sit.stdout.contains("\n                          --gong-volume)."), "\(sit.stdout)")
        // And a subcommand's description wraps in the description column, never at the margin
        // where a reader (and `GermanEverywhereTests`' walk) takes its words for commands
        let wide = try CLIRunner.run(["--help"], environment: ["COLUMNS": "1000", "LANG": "de_DE.UTF-8"])
        let narrow = try CLIRunner.run(["--help"], environment: ["COLUMNS": "60", "LANG": "de_DE.UTF-8"])
        func rows(_ help: String) -> [String] {
            help.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasSuffix("BEFEHLE:") }
                .dropFirst().prefix { !$0.isEmpty }
                .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
                .map { String($0.dropFirst(2).prefix { $0 != " " }) }
        }
        #expect(!rows(wide.stdout).isEmpty && rows(narrow.stdout) == rows(wide.stdout), "\(narrow.stdout)")
        // And history's own options are on `history`
        let history = try CLIRunner.run(["history", "--help"])
        for option in ["--csv", "--json", "--from"] {
            #expect(history.stdout.contains("  \(option)"), "\(option) in \(history.stdout)")
        }
    }

    @Test("--experimental-dump-help is JSON and a completion script is the same at any width")
    func toolOutputIsLeftAsItIs() throws {
        // When the man pages' source and a completion script are asked for at two widths
        let dump = try CLIRunner.run(["--experimental-dump-help"], environment: ["COLUMNS": "40"])
        let narrow = try CLIRunner.run(["--generate-completion-script", "bash"], environment: ["COLUMNS": "40"])
        let wide = try CLIRunner.run(["--generate-completion-script", "bash"], environment: ["COLUMNS": "400"])
        // Then the first parses, and the second is not wrapped at all
        #expect(dump.status == 0)
        #expect((try? JSONSerialization.jsonObject(with: Data(dump.stdout.utf8))) != nil, "\(dump.stdout.prefix(200))")
        #expect(narrow.stdout.hasPrefix("# bash completion for meditate") && narrow.stdout == wide.stdout)
    }
}
