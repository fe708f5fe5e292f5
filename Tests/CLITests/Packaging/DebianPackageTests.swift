import Decoders
import Foundation
import ProgramTestSupport
import Settings
import Testing

@testable import CLI
@testable import Service

/// `make deb`'s package on a clean Debian 12 (bookworm) and 13 (trixie) with no Swift: installed with apt-get,
/// used as a person would, purged.
@Suite("Debian package", .serialized)
struct DebianPackageTests {
    /// What installing must never pull: a compiler, a toolchain, a -dev package.
    static let buildTools = ["swift", "gcc", "g++", "clang", "cpp", "binutils", "-dev"]

    @Test(
        "the package installs on a clean Debian 12 and 13 without Swift, sits, serves, and purges to nothing",
        arguments: ["bookworm", "trixie"])
    func installsUsesAndPurgesOnACleanDebian(suite: String) throws {
        try #require(getuid() == 0, "debootstrap and chroot need root (CI runs make test as root)")
        // Given the package and a clean tree of that Debian
        let deb = try PackageBuild.deb()
        let size = try FileManager.default.attributesOfItem(atPath: deb)[.size] as? Int ?? 0
        #expect(size > 0 && size <= 25_000_000, "the package is \(size) bytes")
        let lint = try CLIRunner.run(program: "/usr/bin/lintian", ["--no-tag-display-limit", deb])
        #expect(lint.status == 0, "lintian failed: \(lint.stderr.suffix(1000))")
        #expect(!lint.stdout.contains("E: ") && !lint.stdout.contains("W: "), "lintian: \(lint.stdout)")
        let tree = try DebianTree.fresh(suite: suite)
        if suite == "bookworm" {
            // (one of the two without systemd-sysusers, as a minimal system is: the user is made
            // with useradd then)
            let hidden = try tree.run("mv \"$(command -v systemd-sysusers)\" /root/systemd-sysusers.hidden")
            #expect(hidden.status == 0, "\(hidden.stderr)")
        }

        // When it is installed with apt-get
        // Then it pulled runtime libraries only, and nothing in the tree is Swift's
        let usrBefore = try Self.installWithoutSwift(deb, in: tree)
        #expect(try tree.run("getent passwd meditate").status == 0, "the system service's user (sysusers.d)")
        let groups = try tree.run("id -nG meditate")
        #expect(
            Set(groups.stdout.split(whereSeparator: \.isWhitespace).map(String.init)) == ["meditate", "audio"],
            "in its own group and audio's: \(groups.stdout) \(groups.stderr)")

        // And as a user: the version, a render with the bundled gongs, man pages, completion
        #expect(try tree.run("useradd --create-home sitter").status == 0)
        let version = try tree.runAsSitter("meditate --version")
        #expect(
            version.stdout.split(separator: "\n").first.map(String.init) == MeditateVersion.number,
            "\(version.stdout) \(version.stderr)")
        #expect(version.stdout.contains("\nGPL-3.0-or-later: "), "\(version.stdout)")
        let render = try tree.runAsSitter("meditate render --minutes 0.1 --countdown 1.5 --format f32 -o x.wav")
        #expect(render.status == 0, "\(render.stderr)")
        try expectStartGong(atSecond: 1.5, in: tree.path("/home/sitter/x.wav"))
        let pages = try tree.runAsSitter("man -w meditate && man -w meditate-render && man -w meditate-ctl-sit")
        #expect(
            pages.stdout.split(separator: "\n") == [
                "/usr/share/man/man1/meditate.1.gz", "/usr/share/man/man1/meditate-render.1.gz",
                "/usr/share/man/man1/meditate-ctl-sit.1.gz"
            ], "\(pages.stdout) \(pages.stderr)")
        // The desktop's launcher, its icon and its metainfo, where desktops and software centres look
        let desktop = try tree.run(
            "test -f /usr/share/applications/io.github.meditate.Meditate.desktop"
                + " && test -f /usr/share/metainfo/io.github.meditate.Meditate.metainfo.xml"
                + " && test -f /usr/share/icons/hicolor/scalable/apps/meditate.svg")
        #expect(desktop.status == 0, "\(desktop.stderr)")
        // bash-completion loads a command's completion at its first Tab; this is that load.
        let completion = try tree.runAsSitter("bash -ic '__load_completion meditate; complete -p meditate' 2>&1")
        #expect(completion.stdout.contains("-F _meditate meditate"), "\(completion.stdout)")

        // And the service serves the page from /usr/share and answers on its socket
        let port = try LoopbackTCP.freePort()
        let service = try tree.startAsSitter("exec meditate serve --listen 127.0.0.1:\(port) > serve.log 2>&1")
        defer { tree.stop(service) }
        let status = try Self.waitForStatus(tree)
        #expect(status.stdout.hasPrefix("idle"), "\(status.stdout) \(status.stderr)")
        let log = (try? String(contentsOfFile: tree.path("/home/sitter/serve.log"), encoding: .utf8)) ?? ""
        let token = try #require(log.range(of: "?token=").map { log[$0.upperBound...].prefix { $0.isHexDigit } })
        let page = try PageRequest.get(port: port, path: "/?token=\(token)")
        #expect(page.status == 200 && page.body.contains("<html"), "\(page.status) \(page.body.prefix(200))")
        let shipped = try String(contentsOfFile: tree.path("/usr/share/meditate/web/index.html"), encoding: .utf8)
        #expect(page.body.contains(shipped.prefix(40)), "the page is the one in /usr/share/meditate/web")

        // And systemd accepts every unit it ships
        let verify = try tree.run(
            """
            mkdir -p -m 700 /tmp/verify-runtime && cd /usr/lib/systemd && \
            for unit in system/meditate*; do systemd-analyze verify "$unit" || echo "failed: $unit"; done && \
            for unit in user/meditate*; do XDG_RUNTIME_DIR=/tmp/verify-runtime systemd-analyze --user verify "$unit" \
              || echo "failed: $unit"; done
            """)
        #expect(
            verify.status == 0 && verify.stdout.isEmpty && verify.stderr.isEmpty, "\(verify.stdout) \(verify.stderr)")
        // And the system service is sandboxed: systemd's own measure of its exposure is 2.5 or below
        let exposure = try tree.run(
            "systemd-analyze security --offline=yes --threshold=25 /usr/lib/systemd/system/meditate.service")
        #expect(exposure.status == 0, "\(exposure.stdout.suffix(3000)) \(exposure.stderr)")
        #expect(exposure.stdout.contains("Overall exposure level for meditate.service: "), "\(exposure.stdout)")

        // When it is purged, after the user has settings and a library
        #expect(try tree.runAsSitter("meditate config set noise pink").status == 0)
        let userFiles = [
            "/home/sitter/.config/meditate/config.toml", "/home/sitter/.local/share/meditate/library.sqlite"
        ]
        let userBefore = try userFiles.map { try Data(contentsOf: URL(fileURLWithPath: tree.path($0))) }
        let purge = try tree.run("apt-get purge -y --autoremove meditate")
        try #require(purge.status == 0, "\(purge.stdout.suffix(2000)) \(purge.stderr)")

        // Then nothing of it is left in /usr: what is new there belongs to a package still installed
        // (a library another package suggests, which apt keeps), and the user's files are untouched
        #expect(try tree.run("dpkg -L meditate").status != 0)
        try Self.expectNothingLeft(in: tree, since: usrBefore)
        let userAfter = try userFiles.map { try Data(contentsOf: URL(fileURLWithPath: tree.path($0))) }
        #expect(userAfter == userBefore)
    }

    /// Copies `deb` into `tree` and installs it with apt-get, expecting it to pull runtime
    /// libraries only and to leave nothing of Swift's in the tree; gives what /usr held before.
    static func installWithoutSwift(_ deb: String, in tree: DebianTree) throws -> Set<String> {
        let packageName = URL(fileURLWithPath: deb).lastPathComponent
        try FileManager.default.copyItem(atPath: deb, toPath: tree.path("/tmp/" + packageName))
        let usrBefore = try listing(of: tree.path("/usr"))
        let install = try tree.run("apt-get install -y --no-install-recommends /tmp/\(packageName)")
        try #require(install.status == 0, "\(install.stdout.suffix(3000)) \(install.stderr)")
        let pulled = newPackages(in: install.stdout)
        #expect(pulled.contains("meditate") && pulled.contains("libpulse0"), "\(pulled)")
        #expect(pulled.filter { name in buildTools.contains { name.contains($0) } }.isEmpty, "\(pulled)")
        let swift = try tree.run(
            "find / -xdev -not -path '/proc/*' \\( -name 'libswift*' -o -name swift -o -name swiftc "
                + "-o -name '*.swiftmodule' -o -name 'libFoundation*.so*' \\) -print")
        #expect(swift.status == 0 && swift.stdout.isEmpty, "\(swift.stdout.prefix(500))")
        return usrBefore
    }

    /// After a purge: nothing named meditate in /usr, and what is new there since `usrBefore`
    /// belongs to a package still installed (a library another package suggests, which apt keeps).
    static func expectNothingLeft(in tree: DebianTree, since usrBefore: Set<String>) throws {
        let usrAfter = try listing(of: tree.path("/usr"))
        #expect(usrAfter.filter { $0.contains("meditate") }.isEmpty, "\(usrAfter.filter { $0.contains("meditate") })")
        let added = usrAfter.subtracting(usrBefore).sorted()
        let owned = try tree.run(
            "for path in \(added.map { "'/usr\($0)'" }.joined(separator: " ")); do "
                + "dpkg -S \"$path\" > /dev/null 2>&1 || echo \"$path\"; done")
        #expect(owned.stdout.isEmpty, "left in /usr by no package: \(owned.stdout)")
    }

    /// Every path under `folder`, relative to it.
    static func listing(of folder: String) throws -> Set<String> {
        let found = try CLIRunner.run(program: "/usr/bin/find", [folder, "-mindepth", "1"])
        guard found.status == 0 else { throw PackagingFailure(description: "find: \(found.stderr)") }
        return Set(found.stdout.split(separator: "\n").map { String($0.dropFirst(folder.count)) })
    }

    /// The names under apt's "The following NEW packages will be installed:".
    static func newPackages(in output: String) -> [String] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("The following NEW packages") }) else { return [] }
        return lines[(start + 1)...].prefix { $0.hasPrefix(" ") }.flatMap { $0.split(separator: " ").map(String.init) }
    }

    /// `meditate ctl status` as the user, once the service answers (within `seconds`).
    static func waitForStatus(_ tree: DebianTree, seconds: Double = 10) throws -> CLIRunner.Result {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let status = try tree.runAsSitter("meditate ctl status")
            if status.status == 0 || Date() > deadline { return status }
            Thread.sleep(forTimeInterval: 0.2)
        }
    }
}

/// Checks that the 32-bit float WAV at `path` is silent until `second` and has its start
/// gong there.
func expectStartGong(atSecond second: Double, in path: String) throws {
    let decoder = try AudioFile.open(path)
    var samples = [Float](repeating: 0, count: decoder.frameCount * 2)
    _ = try samples.withUnsafeMutableBufferPointer { buffer in
        try decoder.read(into: try #require(buffer.baseAddress), maxFrames: decoder.frameCount)
    }
    let rate = decoder.sourceFormat.sampleRate
    let start = Int(second * Double(rate))
    try #require(samples.count > 2 * (start + rate))
    #expect(samples[0..<(2 * start)].allSatisfy { $0 == 0 }, "silence before the start gong")
    #expect(samples[(2 * start)..<(2 * (start + rate))].contains { abs($0) > 0.1 }, "the start gong at \(second) s")
}
