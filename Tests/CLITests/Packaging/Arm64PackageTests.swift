import Foundation
import ProgramTestSupport
import Settings
import Testing

/// `make deb ARCH=arm64`'s package, cross-built here, on a clean Debian 13 for arm64 with no
/// Swift, run under qemu-user: what a Raspberry Pi gets. Nothing is timed under emulation, and
/// no sound is played there.
@Suite("arm64 package under emulation", .serialized)
struct Arm64PackageTests {
    /// A sit with segments and interval bells, and one with random bells, each on a bed: the
    /// arm64 binary must write the very bytes this machine's build writes.
    private static let renders: [[String]] = [
        [
            "render", "--segments", "sit 0.5, walk 0.25, sit 0.5", "--interval", "0.2", "--noise", "pink", "--seed",
            "7", "--countdown", "2"
        ],
        ["render", "--minutes", "1", "--random-bells", "0.1-0.3", "--noise", "brown", "--seed", "11", "--format", "f32"]
    ]

    @Test(
        "the arm64 package installs on a clean Debian 13 under qemu, renders the amd64 build's bytes, serves, and purges"
    )
    func installsRendersServesAndPurgesUnderEmulation() throws {
        try #require(getuid() == 0, "the cross build, mmdebstrap and chroot need root (CI runs make test as root)")
        // Given the cross-built package
        let deb = try PackageBuild.deb(architecture: "arm64")
        #expect(deb.hasSuffix("_arm64.deb"), "\(deb)")
        let fields = try CLIRunner.run(program: "/usr/bin/dpkg-deb", ["-f", deb, "Architecture", "Depends"])
        #expect(fields.stdout.hasPrefix("Architecture: arm64\n"), "\(fields.stdout)")
        #expect(fields.stdout.contains("libc6 (>= ") && fields.stdout.contains("libpulse0"), "\(fields.stdout)")
        let lint = try CLIRunner.run(program: "/usr/bin/lintian", ["--no-tag-display-limit", deb])
        #expect(!lint.stdout.contains("E: ") && !lint.stdout.contains("W: "), "lintian: \(lint.stdout)")

        // And a clean Debian 13 for arm64
        let tree = try DebianTree.fresh(suite: "trixie", architecture: "arm64")
        let architecture = try tree.run("dpkg --print-architecture && uname -m")
        try #require(architecture.stdout == "arm64\naarch64\n", "\(architecture.stdout) \(architecture.stderr)")

        // When it is installed with apt-get
        // Then it pulled Debian's runtime libraries only, and nothing in the tree is Swift's
        let usrBefore = try DebianPackageTests.installWithoutSwift(deb, in: tree)
        // And the binary asks for no newer glibc than the tree has
        let glibc = try CLIRunner.run(
            program: PackageBuild.sourceRoot + "/scripts/check-glibc.sh",
            [tree.path("/usr/bin/meditate"), tree.path("/var/lib/dpkg/status")])
        #expect(glibc.status == 0, "\(glibc.stdout) \(glibc.stderr)")

        // And as a user: the version, and renders byte for byte the amd64 build's
        #expect(try tree.run("useradd --create-home sitter").status == 0)
        let version = try tree.runAsSitter("meditate --version")
        #expect(version.stdout.hasPrefix(MeditateVersion.number + "\nGPL-3.0-or-later"), "\(version.stdout)")
        let here = FileManager.default.temporaryDirectory.appendingPathComponent("arm64-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: here, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: here) }
        for (index, arguments) in Self.renders.enumerated() {
            let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
            let arm = try tree.runAsSitter("meditate \(quoted) -o render-\(index).wav")
            #expect(arm.status == 0, "\(arm.stderr)")
            let amd = try CLIRunner.run(arguments + ["-o", here.appendingPathComponent("\(index).wav").path])
            #expect(amd.status == 0, "\(amd.stderr)")
            let armBytes = try Data(contentsOf: URL(fileURLWithPath: tree.path("/home/sitter/render-\(index).wav")))
            let amdBytes = try Data(contentsOf: here.appendingPathComponent("\(index).wav"))
            #expect(armBytes.count > 1_000_000 && armBytes == amdBytes, "render \(index): \(arguments)")
        }
        let pages = try tree.runAsSitter("man -w meditate && man -w meditate-render")
        #expect(
            pages.stdout == "/usr/share/man/man1/meditate.1.gz\n/usr/share/man/man1/meditate-render.1.gz\n",
            "\(pages.stdout) \(pages.stderr)")

        // And the service answers on its socket and serves the page with its token
        let port = try LoopbackTCP.freePort()
        let service = try tree.startAsSitter("exec meditate serve --listen 127.0.0.1:\(port) > serve.log 2>&1")
        defer { tree.stop(service) }
        let status = try DebianPackageTests.waitForStatus(tree, seconds: 60)
        #expect(status.stdout.hasPrefix("idle"), "\(status.stdout) \(status.stderr)")
        let token = try tree.runAsSitter("meditate ctl token")
        let link = try #require(token.stdout.range(of: "?token=").map { token.stdout[$0.upperBound...] })
        let page = try PageRequest.get(port: port, path: "/?token=\(link.prefix { $0.isHexDigit })")
        #expect(page.status == 200 && page.body.contains("<html"), "\(page.status) \(page.body.prefix(200))")

        // When it is purged
        let purge = try tree.run("apt-get purge -y --autoremove meditate")
        try #require(purge.status == 0, "\(purge.stdout.suffix(2000)) \(purge.stderr)")

        // Then nothing of it is left in /usr but what a package still installed owns
        try DebianPackageTests.expectNothingLeft(in: tree, since: usrBefore)
    }
}
