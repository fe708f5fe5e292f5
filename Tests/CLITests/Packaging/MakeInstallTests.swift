import Foundation
import ProgramTestSupport
import Testing

/// `make install` and `make uninstall` into a prefix of the test's own, as a person installs
/// into ~/.local.
@Suite("make install", .serialized)
struct MakeInstallTests {
    @Test("make install puts a working meditate under PREFIX; make uninstall leaves the folder as it was")
    func installThenUninstallLeavesThePrefixAsItWas() throws {
        // Given a prefix that already holds someone else's page and an empty completions folder
        let scratch = try Scratch()
        let prefix = scratch.path("prefix")
        try FileManager.default.createDirectory(
            atPath: prefix + "/share/man/man1", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: prefix + "/share/bash-completion/completions", withIntermediateDirectories: true)
        try Data("someone else's page\n".utf8).write(to: URL(fileURLWithPath: prefix + "/share/man/man1/other.1"))
        let before = try snapshot(prefix)

        // When meditate is installed there
        let install = try PackageBuild.make(["install", "PREFIX=\(prefix)"])
        try #require(install.status == 0, "\(install.stdout.suffix(2000)) \(install.stderr.suffix(2000))")

        // Then the binary, its pages, completions, icon and units are there, the units naming it
        for file in [
            "bin/meditate", "share/meditate/sounds/gong.wav", "share/meditate/web/index.html",
            "share/man/man1/meditate.1.gz", "share/man/man1/meditate-render.1.gz",
            "share/bash-completion/completions/meditate", "share/zsh/vendor-completions/_meditate",
            "share/fish/vendor_completions.d/meditate.fish", "share/icons/hicolor/scalable/apps/meditate.svg",
            "share/applications/io.github.meditate.Meditate.desktop",
            "share/metainfo/io.github.meditate.Meditate.metainfo.xml",
            "lib/systemd/user/meditate.service", "lib/systemd/system/meditate.service"
        ] {
            #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file)")
        }
        // And the desktop entry and the metainfo pass their validators (a warning fails AppStream's)
        let entry = try CLIRunner.run(
            program: "/usr/bin/desktop-file-validate",
            [prefix + "/share/applications/io.github.meditate.Meditate.desktop"])
        #expect(entry.status == 0 && entry.stdout.isEmpty, "\(entry.stdout) \(entry.stderr)")
        let metainfo = try CLIRunner.run(
            program: "/usr/bin/appstreamcli",
            ["validate", "--no-net", prefix + "/share/metainfo/io.github.meditate.Meditate.metainfo.xml"])
        #expect(metainfo.status == 0, "\(metainfo.stdout) \(metainfo.stderr)")
        let desktop = try String(
            contentsOfFile: prefix + "/share/applications/io.github.meditate.Meditate.desktop", encoding: .utf8)
        #expect(desktop.contains("Terminal=true") && desktop.contains("Exec=meditate --minutes 10\n"))
        let unit = try String(contentsOfFile: prefix + "/lib/systemd/user/meditate.service", encoding: .utf8)
        #expect(unit.contains("ExecStart=\(prefix)/bin/meditate serve"))
        // (stripped: no symbol table left)
        let sections = try CLIRunner.run(
            program: "/bin/sh", ["-c", "LC_ALL=C readelf -S \"$1\"", "sh", prefix + "/bin/meditate"])
        #expect(sections.status == 0 && !sections.stdout.contains(".symtab"), "\(sections.stderr)")

        // And `man meditate` at 80 columns carries the sit's options, the commands, the files, the
        // environment, the exit statuses and whole examples, with no hidden command, and groff
        // has nothing to say about it
        let manual = try CLIRunner.run(
            program: "/bin/sh",
            ["-c", "MANWIDTH=80 man --warnings -l \"$1\" | col -b", "sh", prefix + "/share/man/man1/meditate.1.gz"],
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        #expect(manual.status == 0 && manual.stderr.isEmpty, "\(manual.stderr)")
        for heading in ["SYNOPSIS", "COMMANDS", "EXAMPLES", "FILES", "ENVIRONMENT", "EXIT STATUS", "SEE ALSO"] {
            #expect(manual.stdout.contains("\n\(heading)\n"), "\(heading) missing")
        }
        for words in [
            "--minutes minutes", "--noise white|pink|brown|ocean|none", "     schedule", "config.toml",
            "MEDITATE_NOISE=pink", "     64", "     69", "     78",
            "\n     meditate render --minutes 30 --bells 5,12.5,20 --gong bell -o sit.wav\n"
        ] {
            #expect(manual.stdout.contains(words), "\(words) missing from man meditate")
        }
        #expect(!manual.stdout.contains("decode"), "a hidden command in man meditate")
        let wide = manual.stdout.split(separator: "\n").filter { $0.count > 80 }
        #expect(wide.isEmpty, "\(wide)")
        #expect(!FileManager.default.fileExists(atPath: prefix + "/share/man/man1/meditate-decode.1.gz"))

        // And the installed binary finds its gongs and its page under PREFIX/share
        var environment = CLIRunner.environment
        for name in ["MEDITATE_SOUNDS", "MEDITATE_WEB"] { environment[name] = nil }
        let render = try CLIRunner.run(
            program: prefix + "/bin/meditate",
            ["render", "--minutes", "0.1", "--countdown", "1.5", "--format", "f32", "-o", scratch.path("x.wav")],
            environment: environment, directory: scratch.url.path)
        #expect(render.status == 0, "\(render.stderr)")
        try expectStartGong(atSecond: 1.5, in: scratch.path("x.wav"))
        let port = try LoopbackTCP.freePort()
        environment["XDG_RUNTIME_DIR"] = scratch.path("runtime")
        let serve = Process()
        serve.executableURL = URL(fileURLWithPath: prefix + "/bin/meditate")
        serve.arguments = ["serve", "--listen", "127.0.0.1:\(port)", "--no-token"]
        serve.environment = environment
        serve.currentDirectoryURL = scratch.url
        serve.standardOutput = FileHandle.nullDevice
        serve.standardError = FileHandle.nullDevice
        try serve.run()
        defer {
            serve.terminate()
            serve.waitUntilExit()
        }
        let page = try waitForPage(port: port)
        let shipped = try String(contentsOfFile: prefix + "/share/meditate/web/index.html", encoding: .utf8)
        #expect(page.status == 200 && page.body.contains(shipped.prefix(40)), "\(page.status)")
        serve.terminate()
        serve.waitUntilExit()

        // When it is uninstalled
        let uninstall = try PackageBuild.make(["uninstall", "PREFIX=\(prefix)"])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")

        // Then the prefix is as it was, someone else's page and empty folder included
        #expect(try snapshot(prefix) == before)
    }

    @Test("sudo make install with nothing built refuses, rather than building as root")
    func sudoInstallNeverBuildsAsRoot() throws {
        try #require(getuid() == 0, "stands for sudo: make test runs as root in CI")
        // Given a stage folder with nothing in it, and make run as root through sudo
        let scratch = try Scratch()
        // When make install runs
        let install = try PackageBuild.make(
            ["install", "PREFIX=\(scratch.path("prefix"))", "STAGE=\(scratch.path("stage"))"],
            environment: ["SUDO_USER": "sitter"])
        // Then it says to build first, as oneself, and installs nothing
        #expect(install.status != 0)
        #expect(install.stderr.contains("build first, as yourself"), "\(install.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("prefix")))
    }

    /// Every path under `folder` with its size, relative to it.
    private func snapshot(_ folder: String) throws -> [String] {
        let found = try CLIRunner.run(program: "/usr/bin/find", [folder, "-mindepth", "1", "-printf", "%P %y %s\n"])
        guard found.status == 0 else { throw PackagingFailure(description: "find: \(found.stderr)") }
        return found.stdout.split(separator: "\n").map(String.init).sorted()
    }

    /// The page at `/` once the service listens (within 10 s).
    private func waitForPage(port: Int) throws -> PageRequest.Response {
        let deadline = Date().addingTimeInterval(10)
        while true {
            do {
                return try PageRequest.get(port: port, path: "/")
            } catch  where Date() < deadline {
                Thread.sleep(forTimeInterval: 0.2)
            }
        }
    }
}
