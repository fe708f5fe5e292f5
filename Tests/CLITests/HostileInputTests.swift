import Foundation
import ProgramTestSupport
import Settings
import Testing
import WAVTestSupport

/// Runs meditate with its stdout written to `path` (a full device, say), stderr collected.
private func run(
    _ arguments: [String], stdoutTo path: String, environment: [String: String] = [:]
) throws
    -> (status: Int32, stderr: String)
{
    let process = Process()
    process.executableURL = CLIRunner.executable
    process.arguments = arguments
    process.environment = CLIRunner.environment.merging(environment) { $1 }
    guard let output = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileWriteUnknown) }
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let text = PipeText(errors.fileHandleForReading).wait()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: text, as: UTF8.self))
}

@Suite("meditate in hostile hands: special files, lost output, damaged audio")
struct HostileInputTests {
    @Test("-o naming a device, a FIFO or standard output is refused and the device stays a device")
    func renderNeverReplacesSpecialFiles() throws {
        // Given a private folder with a FIFO and, as root, a character device like /dev/null
        let scratch = try Scratch()
        let fifo = scratch.path("fifo.wav"), device = scratch.path("null")
        #expect(mkfifo(fifo, 0o600) == 0)
        let root = getuid() == 0
        // Major 1, minor 3 is /dev/null (glibc packs small numbers as major << 8 | minor).
        if root { #expect(mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0) }
        for target in [fifo] + (root ? [device] : []) {
            // When a render is told to write there
            let result = try CLIRunner.run(["render", "--minutes", "0.05", "--countdown", "0", "-o", target])
            // Then it says why not, and the special file is still what it was
            #expect(result.status == 73)
            #expect(result.stderr.contains("not a regular file"), "\(result.stderr)")
            var info = stat()
            #expect(lstat(target, &info) == 0)
            #expect(info.st_mode & S_IFMT != S_IFREG)
        }
        let dash = try CLIRunner.run(["render", "--minutes", "0.05", "--countdown", "0", "-o", "-"])
        #expect(dash.status == 73)
        #expect(dash.stderr.contains("standard output"))
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/-"))
    }

    @Test("-o through a symlink writes the file it links to and keeps the link")
    func renderFollowsSymlinkToFile() throws {
        let scratch = try Scratch()
        let real = scratch.path("real.wav"), link = scratch.path("link.wav")
        _ = FileManager.default.createFile(atPath: real, contents: Data())
        #expect(symlink(real, link) == 0)
        let result = try CLIRunner.run(["render", "--minutes", "0.05", "--countdown", "0", "-q", "-o", link])
        #expect(result.status == 0, "\(result.stderr)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == real)
        let size = try FileManager.default.attributesOfItem(atPath: real)[.size] as? Int ?? 0
        #expect(size > 48_000 * 4)
    }

    @Test("a FIFO or a link to /dev/zero as --gong is one line, at once")
    func specialGongIsRefused() throws {
        let scratch = try Scratch()
        let fifo = scratch.path("bell.mp3"), zero = scratch.path("zero.wav")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(symlink("/dev/zero", zero) == 0)
        for gong in [fifo, zero] {
            let result = try CLIRunner.run([
                "render", "--minutes", "0.05", "--countdown", "0", "--gong", gong,
                "-o", scratch.path("out.wav")
            ])
            #expect(result.status == 65)
            #expect(result.stderr.contains("not a regular file"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test("a gong longer than two minutes is refused with a pointer to --guided")
    func longGongIsRefused() throws {
        // Given a 3-minute WAV (8 kHz mono keeps it small)
        let scratch = try Scratch()
        let long = scratch.path("talk.wav")
        try writeSineWAV(path: long, frames: 180 * 8000, sampleRate: 8000, channels: 1)
        // When it is the gong, then the render refuses it and names --guided
        let result = try CLIRunner.run(["render", "--minutes", "0.05", "--gong", long, "-o", scratch.path("out.wav")])
        #expect(result.status == 65)
        #expect(result.stderr.contains("too long for a gong"), "\(result.stderr)")
        #expect(result.stderr.contains("--guided"))
        #expect(!scratch.contents.contains("out.wav"))
    }

    @Test(
        "output that cannot be written (a full device) is an error, not exit 0",
        arguments: [
            ["history", "--csv"], ["history", "--json"], ["library", "list", "--json"], ["config", "list"], ["--help"]
        ])
    func fullOutputFails(arguments: [String]) throws {
        // Given a history with sits in it (so that there is something to write)
        let scratch = try Scratch()
        let data = ["XDG_DATA_HOME": scratch.path("data")]
        let csv = scratch.path("old.csv")
        try
            ("date,duration_minutes,note\n"
            + (1...300).map {
                "2026-01-\(String(format: "%02d", $0 % 28 + 1))T06:\(String(format: "%02d", $0 % 60)),10,sit \($0)"
            }
            .joined(separator: "\n")).write(toFile: csv, atomically: true, encoding: .utf8)
        #expect(try CLIRunner.run(["history", "import", csv], environment: data).status == 0)
        // When its output goes to /dev/full
        let result = try run(arguments, stdoutTo: "/dev/full", environment: data)
        // Then it fails and says so
        #expect(result.status != 0)
        #expect(result.stderr.contains("cannot write the output"), "\(result.stderr)")
        if !arguments.contains("--help") {
            #expect(result.stderr.contains("no space left on device"), "\(result.stderr)")
        }
    }

    @Test("a folder import skips a FIFO and damaged audio with a line each and imports the rest")
    func folderImportSkipsSpecialAndDamaged() throws {
        // Given a folder with a good WAV, a FIFO named like an MP3 and a float WAV of 3e38s
        let scratch = try Scratch()
        let folder = scratch.path("music")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try writeSineWAV(path: folder + "/c-good.wav", frames: 48_000)
        #expect(mkfifo(folder + "/a-pipe.mp3", 0o600) == 0)
        try writeFloatWAV(
            path: folder + "/b-loud.wav", samples: [Float](repeating: 3e38, count: 96_000),
            sampleRate: 48_000, channels: 2)
        // When it is imported
        let result = try CLIRunner.run(
            ["library", "import", folder], environment: ["XDG_DATA_HOME": scratch.path("data")])
        // Then the good file is in, the other two are one line each, and the status says not all was
        #expect(result.status == 1)
        #expect(result.stdout.contains("1 imported"), "\(result.stdout)")
        #expect(result.stderr.contains("a-pipe.mp3': a FIFO"), "\(result.stderr)")
        #expect(result.stderr.contains("b-loud.wav': the file is damaged"), "\(result.stderr)")
    }
}

@Suite("a full disk")
struct FullDiskTests {
    @Test(
        "library import --copy into a full disk fails with the reason and leaves no .partial- file",
        .enabled(if: getuid() == 0, "mounting a small tmpfs needs root"))
    func copyIntoFullDiskLeavesNothing() throws {
        // Given a library on a 256 KiB tmpfs and a 1 MiB track elsewhere
        let scratch = try Scratch()
        let data = scratch.path("data")
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=256k", "tmpfs", data]
        try mount.run()
        mount.waitUntilExit()
        try #require(mount.terminationStatus == 0, "could not mount a tmpfs")
        defer {
            let unmount = Process()
            unmount.executableURL = URL(fileURLWithPath: "/bin/umount")
            unmount.arguments = [data]
            try? unmount.run()
            unmount.waitUntilExit()
        }
        let track = scratch.path("talk.wav")
        try writeSineWAV(path: track, frames: 6 * 48_000)
        // When it is imported with --copy
        let result = try CLIRunner.run(["library", "import", "--copy", track], environment: ["XDG_DATA_HOME": data])
        // Then it fails with the system's reason, and the tracks folder holds no partial copy
        #expect(result.status == 1)
        #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
        let tracks = (try? FileManager.default.contentsOfDirectory(atPath: data + "/meditate/tracks")) ?? []
        #expect(!tracks.contains { $0.hasPrefix(".partial-") }, "\(tracks)")
    }
}

@Suite("messages that say something")
struct ClearMessageTests {
    @Test(
        "a gong setting naming a missing file is reported with the config.toml line that names it, before a sit or a guided track's"
    )
    func gongSettingNamesItsOrigin() throws {
        // Given a config.toml whose gong is a file that is not there, and a short recording
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("meditate"), withIntermediateDirectories: true)
        try "minutes = 1\ngong = \"/nowhere/bell.wav\"\n".write(
            toFile: scratch.path("meditate/config.toml"), atomically: true, encoding: .utf8)
        let track = scratch.path("talk.wav")
        try writeSineWAV(path: track, frames: 48_000)
        let environment = ["XDG_CONFIG_HOME": scratch.url.path, "XDG_DATA_HOME": scratch.path("data")]

        // When a sit is rendered, and the recording with a sit after it
        let result = try CLIRunner.run(["render", "-o", scratch.path("out.wav")], environment: environment)
        let guided = try CLIRunner.run(
            ["render", "--guided", track, "--then", "0.1", "-q", "-o", scratch.path("guided.wav")],
            environment: environment)

        // Then each says which line of config.toml names the missing gong
        #expect(result.status == 78)
        #expect(result.stderr.contains("config.toml:2: gong: '/nowhere/bell.wav': no such file"), "\(result.stderr)")
        #expect(guided.status == 78)
        #expect(guided.stderr.contains("config.toml:2: gong: '/nowhere/bell.wav': no such file"), "\(guided.stderr)")
    }

    @Test("history import says '1 sit', and a file with no readable header says what it is not")
    func importMessages() throws {
        let scratch = try Scratch()
        let environment = ["XDG_DATA_HOME": scratch.path("data")]
        try "date,duration_minutes,note\n2026-01-02,10,one\n".write(
            toFile: scratch.path("one.csv"), atomically: true, encoding: .utf8)
        let one = try CLIRunner.run(["history", "import", scratch.path("one.csv")], environment: environment)
        #expect(one.stdout == "imported 1 sit\n", "\(one.stdout)")
        try "".write(toFile: scratch.path("empty.csv"), atomically: true, encoding: .utf8)
        let empty = try CLIRunner.run(["history", "import", scratch.path("empty.csv")], environment: environment)
        #expect(empty.status == 65)
        #expect(
            !empty.stderr.contains("cannotReadHeaderRow") && empty.stderr.contains("empty.csv:1:"), "\(empty.stderr)")
    }
}
