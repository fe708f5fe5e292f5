import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

/// Every word a German user reads is German: every command's help (found by walking the
/// commands from `meditate --help`), a running service's status, events and schedules, the
/// history, the stats and the errors, under `LANG=de_DE.UTF-8`. What a person types (a flag,
/// a value in backticks or quotes, an example, a command's name) is not a word of the text.
@Suite(
    "German everywhere", .serialized,
    .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
struct GermanEverywhereTests {
    static let german = ["LANG": "de_DE.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""]

    /// Words that are English only: the German texts have their own (`täglich`, `Glocke`, `Mo`,
    /// `Mär`); months that German abbreviates alike (Jan, Nov, …) are left out.
    static let englishOnly: Set = ["options", "default", "sitting", "interval", "daily", "next", "bell", "idle"]
    static let englishNames: Set = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun", "Mar", "May", "Oct", "Dec"]

    /// The English words of `text` outside what a person types.
    static func englishWords(in text: String) -> [String] {
        var found: [String] = []
        var inCommands = false
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = String(raw)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("BEFEHLE:") || line.hasPrefix("SUBCOMMANDS:") {
                inCommands = true
                continue
            }
            if !line.hasPrefix(" ") && !line.isEmpty { inCommands = false }
            // Examples and the usage line are command lines.
            if trimmed.hasPrefix("meditate ") || line.hasPrefix("AUFRUF: ")
                || line.hasPrefix("       ") && !inCommands
                    && line.contains("[")
            {
                continue
            }
            // A command's name heads its row.
            if inCommands, line.hasPrefix("  "), !line.hasPrefix("   ") {
                line = String(trimmed.drop { !$0.isWhitespace })
            }
            line = line.replacing(#/`[^`]*`|'[^']*'|"[^"]*"|<[^>]*>/#, with: " ")
                .replacing(#/(^|[\s(\[,/])--?[\w-]+( [^\s-][^\s,;)]*)?/#, with: " ")
            for word in line.split(whereSeparator: { !$0.isLetter }).map(String.init)
            where englishNames.contains(word) || englishOnly.contains(word.lowercased()) {
                found.append(word)
            }
        }
        return found
    }

    /// Every command's path, from `meditate --help` down through each BEFEHLE section.
    static func commands() throws -> [[String]] {
        var found: [[String]] = []
        var queue: [[String]] = [[]]
        while let command = queue.first {
            queue.removeFirst()
            found.append(command)
            let help = try CLIRunner.run(["help"] + command, environment: german).stdout
            guard let section = help.range(of: "BEFEHLE:\n") else { continue }
            for row in help[section.upperBound...].split(separator: "\n") {
                guard row.hasPrefix("  "), !row.hasPrefix("   "),
                    let name = row.split(separator: " ").first.map(String.init), name != "Ausführliche"
                else { continue }
                queue.append(command + [name])
            }
        }
        return found
    }

    @Test("every command's --help under LANG=de_DE.UTF-8 has no English word outside what a person types")
    func everyHelpIsGerman() throws {
        // Given every command there is
        let commands = try Self.commands()
        #expect(commands.count >= 40, "\(commands)")
        var english: [String: [String]] = [:]
        for command in commands {
            // When its help is printed in German, in a pipe
            let help = try CLIRunner.run(command + ["--help"], environment: Self.german)
            #expect(help.status == 0, "\(command): \(help.stderr)")
            // Then no English-only word is in it
            let words = Self.englishWords(in: help.stdout)
            if !words.isEmpty { english[command.joined(separator: " ")] = words }
            // And each option states its default once, in either language (its row, unwrapped)
            let unwrapped = try CLIRunner.run(
                command + ["--help"], environment: Self.german.merging(["COLUMNS": "1000"]) { $1 })
            let english = try CLIRunner.run(command + ["--help", "--lang", "en"], environment: ["COLUMNS": "1000"])
            let rows = { (text: String) in
                text.split(separator: "\n").filter { $0.hasPrefix("  ") }.map { $0.replacing(/`[^`]*`/, with: "") }
            }
            let twice =
                rows(unwrapped.stdout).filter { $0.matches(of: /Standard/).count > 1 }
                + rows(english.stdout).filter { $0.matches(of: /[Dd]efault\b/).count > 1 }
            #expect(twice.isEmpty, "\(command): \(twice)")
            // And no line is wider than a pipe's 80 columns
            let wide = help.stdout.split(separator: "\n").filter { $0.count > 80 }
            #expect(wide.isEmpty, "\(command): \(wide)")
        }
        #expect(english.isEmpty, "\(english)")
    }

    @Test("ctl status, ctl events, schedule list, history, stats and errors under LANG=de_DE.UTF-8 are German")
    func whatTheServiceSaysIsGerman() throws {
        // Given a service (in English) with a schedule on weekdays and a sit with bells playing
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let service = try RunningService(
            ["--backend", "pulse", "--latency-ms", "300"], scratch: scratch, environment: ["LANG": "C.UTF-8"])
        defer { service.stop() }
        let socket = ["--socket", service.socket]
        let environment = Self.german.merging(["XDG_DATA_HOME": service.data]) { $1 }
        var said: [String: String] = [:]
        let added = try CLIRunner.run(
            ["ctl", "schedule", "add"] + socket + [
                "--every", "60", "--from", "09:00", "--to", "17:00", "--days",
                "weekdays", "bell", "--gong", "bell"
            ], environment: environment)
        #expect(added.status == 0, "\(added.stderr)")
        said["schedule add"] = added.stdout
        let events = Process()
        let eventsOut = scratch.path("events.txt")
        #expect(FileManager.default.createFile(atPath: eventsOut, contents: nil))
        events.executableURL = CLIRunner.executable
        events.arguments = ["ctl", "events"] + socket
        events.environment = CLIRunner.environment.merging(environment) { $1 }
        events.standardOutput = FileHandle(forWritingAtPath: eventsOut)
        try events.run()
        Thread.sleep(forTimeInterval: 0.5)
        let sit = try CLIRunner.run(
            ["ctl", "sit"] + socket + ["--minutes", "0.2", "--interval", "0.05", "--countdown", "0", "--noise", "pink"],
            environment: environment)
        #expect(sit.status == 0, "\(sit.stderr)")
        Thread.sleep(forTimeInterval: 1)

        // When its status, events, schedules, history and stats are asked for in German
        said["ctl status"] = try CLIRunner.run(["ctl", "status"] + socket, environment: environment).stdout
        said["schedule list"] = try CLIRunner.run(["ctl", "schedule", "list"] + socket, environment: environment).stdout
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !((try? String(contentsOfFile: eventsOut, encoding: .utf8)) ?? "").contains("Ende") {
            Thread.sleep(forTimeInterval: 0.2)
        }
        events.terminate()
        events.waitUntilExit()
        said["ctl events"] = try String(contentsOfFile: eventsOut, encoding: .utf8)
        said["history"] = try CLIRunner.run(["history"], environment: environment).stdout
        said["stats"] = try CLIRunner.run(["stats", "--no-color"], environment: environment).stdout
        for bad in [
            ["--minutes", "abc"], ["--minutes", "-1"], ["--noise", "purple"], ["--interval", "30", "--minutes", "10"],
            ["schedule", "add", "--at", "6.30", "bell"], ["schedule", "add", "--every", "5", "bell"],
            ["schedule", "add", "--at", "06:30", "--days", "someday", "bell"], ["history", "--limit", "0"],
            ["ctl", "status", "--socket", scratch.path("none.sock")], ["dance"], ["serve", "--close-idle-after", "0"]
        ] {
            let result = try CLIRunner.run(bad, environment: environment)
            #expect(result.status != 0, "\(bad)")
            said[bad.joined(separator: " ")] = result.stderr
        }
        // A length in a line, and the C library's reason (no system bus here: no such file)
        let fade = ["--minutes", "0.2", "--fade-out", "30", "--backend", "alsa", "--device", "null", "--standalone"]
        said["fade-out"] = try CLIRunner.run(fade, environment: environment).stderr
        let noBus = environment.merging(["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=" + scratch.path("no-bus")]) { $1 }
        said["discover"] = try CLIRunner.run(["discover", "--wait", "1"], environment: noBus).stderr
        let days = try CLIRunner.run(
            ["ctl", "schedule", "add"] + socket + ["--at", "06:30", "--days", "mo-fr", "bell"], environment: environment
        )
        #expect(days.status == 0, "--days mo-fr: \(days.stderr)")

        // Then every one has said something, and no English-only word
        #expect(said["ctl status"]?.contains("Sitzen · noch") == true, "\(said["ctl status"] ?? "")")
        #expect(said["ctl events"]?.contains("Glocke 1") == true, "\(said["ctl events"] ?? "")")
        #expect(said["schedule list"]?.contains("Mo-Fr") == true, "\(said["schedule list"] ?? "")")
        #expect(said["history"]?.contains("Glocke alle 3 s, rosa Rauschen") == true, "\(said["history"] ?? "")")
        #expect(said["stats"]?.contains("gesamt") == true, "\(said["stats"] ?? "")")
        #expect(said["fade-out"]?.contains("(30 s)") == true && said["fade-out"]?.contains("(12 s)") == true)
        #expect(said["discover"]?.contains("Datei oder Ordner nicht gefunden") == true, "\(said["discover"] ?? "")")
        for (what, text) in said.sorted(by: { $0.key < $1.key }) {
            #expect(!text.isEmpty, "\(what) said nothing")
            let words = Self.englishWords(in: text)
            #expect(words.isEmpty, "\(what): \(words) in \(text)")
        }
    }
}
