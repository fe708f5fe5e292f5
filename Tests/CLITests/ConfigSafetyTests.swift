import Foundation
import ProgramTestSupport
import Testing

@Suite("config.toml in hostile hands")
struct ConfigSafetyTests {
    /// A config folder of its own with `text` as its config.toml.
    private func config(_ text: String) throws -> (scratch: Scratch, environment: [String: String], file: String) {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("meditate"), withIntermediateDirectories: true)
        let file = scratch.path("meditate/config.toml")
        try text.write(toFile: file, atomically: false, encoding: .utf8)
        return (scratch, ["XDG_CONFIG_HOME": scratch.url.path, "XDG_DATA_HOME": scratch.path("data")], file)
    }

    @Test(
        "a table header without a name is config.toml:LINE and exit 78, never an abort",
        arguments: [
            "[", "[\n", "[ .", "[[#\n", "noise = \"pink\"\n[ .\n", "[[\t\n", "[,]", "[\u{FFFD}[ x \"\"\"\"\n",
            "\r\n[\u{FFFD}"
        ])
    func badTableHeaderIsALine(text: String) throws {
        let (scratch, environment, _) = try config(text)
        defer { withExtendedLifetime(scratch) {} }
        let result = try CLIRunner.run(["config", "list"], environment: environment)
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.contains("config.toml:"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test("config.toml that is a folder or not UTF-8 is one line naming the file and why")
    func unreadableConfigSaysWhy() throws {
        let (scratch, environment, file) = try config("")
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
        let folder = try CLIRunner.run(["config", "list"], environment: environment)
        #expect(folder.status == 78)
        #expect(folder.stderr.contains("config.toml: it is a folder"), "\(folder.stderr)")
        try FileManager.default.removeItem(atPath: file)
        try Data([0x6E, 0x6F, 0x69, 0x73, 0x65, 0x3D, 0x22, 0xFF, 0x22, 0x0A]).write(to: URL(fileURLWithPath: file))
        let latin = try CLIRunner.run(["config", "list"], environment: environment)
        #expect(latin.status == 78)
        #expect(latin.stderr.contains("config.toml: it is not UTF-8 text"), "\(latin.stderr)")
        withExtendedLifetime(scratch) {}
    }

    @Test("config set through a symlink changes the linked file, keeps the link and the file's mode")
    func setFollowsLinkAndKeepsMode() throws {
        // Given config.toml as a link to a file of mode 600
        let (scratch, environment, file) = try config("")
        try FileManager.default.removeItem(atPath: file)
        let real = scratch.path("dotfiles-config.toml")
        try "noise = \"pink\"\n".write(toFile: real, atomically: false, encoding: .utf8)
        #expect(chmod(real, 0o600) == 0)
        #expect(symlink(real, file) == 0)
        // When a setting is set
        let result = try CLIRunner.run(["config", "set", "minutes", "25"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        // Then the link is still a link, the file it names has both settings and is still 600
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: file)) == real)
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "noise = \"pink\"\nminutes = 25\n")
        var info = stat()
        #expect(stat(real, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
    }

    @Test("a read-only config.toml is not overwritten, also by root")
    func readOnlyIsRespected() throws {
        let (scratch, environment, file) = try config("minutes = 20\n")
        defer { withExtendedLifetime(scratch) {} }
        #expect(chmod(file, 0o444) == 0)
        let result = try CLIRunner.run(["config", "set", "minutes", "25"], environment: environment)
        #expect(result.status == 73)
        #expect(result.stderr.contains("read-only"), "\(result.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "minutes = 20\n")
    }

    @Test("ten concurrent config set and preset save processes all keep their change")
    func concurrentWritesAreAllKept() throws {
        // Given an empty config
        let (scratch, environment, file) = try config("")
        defer { withExtendedLifetime(scratch) {} }
        // When five settings and five presets are written by ten processes at once
        let keys = ["minutes=21", "countdown=7", "interval=3", "noise=pink", "strikes=2"]
        let processes =
            keys.map { pair -> Process in
                let parts = pair.split(separator: "=").map(String.init)
                return start(["config", "set", parts[0], parts[1]], environment: environment)
            } + (1...5).map { start(["preset", "save", "p\($0)", "--minutes", "\(10 + $0)"], environment: environment) }
        for process in processes { process.waitUntilExit() }
        // Then every setting is in the file, and every preset is saved
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        let text = try String(contentsOfFile: file, encoding: .utf8)
        for pair in keys {
            let parts = pair.split(separator: "=").map(String.init)
            let value = parts[0] == "noise" ? "\"\(parts[1])\"" : parts[1]
            #expect(text.contains("\(parts[0]) = \(value)"), "\(text)")
        }
        let presets = try CLIRunner.run(["preset", "list"], environment: environment).stdout
        for index in 1...5 { #expect(presets.contains("p\(index)  minutes = \(10 + index)\n"), "\(presets)") }
    }

    private func start(_ arguments: [String], environment: [String: String]) -> Process {
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = arguments
        process.environment = CLIRunner.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try? process.run()
        return process
    }
}
