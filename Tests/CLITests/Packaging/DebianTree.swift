import Foundation
import ProgramTestSupport

/// A minimal Debian made by debootstrap or mmdebstrap (scripts/debian-tree.sh, once per build
/// folder), copied fresh for each use: a clean machine with no Swift, entered with chroot in
/// mount and pid namespaces of its own (its /proc mounted there; everything it starts ends
/// with it). Needs root.
struct DebianTree {
    let root: String

    /// The environment inside: nothing of this machine's (no swift on PATH).
    private static let environment = [
        "PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8", "HOME": "/root",
        "DEBIAN_FRONTEND": "noninteractive"
    ]

    /// A copy of the pristine tree of Debian `suite` for `architecture` (this machine's when
    /// nil; another runs under qemu-user), made (or waited for) first.
    static func fresh(suite: String = "bookworm", architecture: String? = nil) throws -> DebianTree {
        let name = "debian-" + suite + (architecture.map { "-" + $0 } ?? "")
        let pristine = PackageBuild.sourceRoot + "/.build-test/" + name
        let made = try CLIRunner.run(
            program: PackageBuild.sourceRoot + "/scripts/debian-tree.sh",
            [pristine, suite] + (architecture.map { [$0] } ?? []), timeout: 2400)
        guard made.status == 0 else {
            throw PackagingFailure(description: "the \(name) tree failed: \(made.stderr.suffix(2000))")
        }
        let copy = PackageBuild.sourceRoot + "/.build-test/scratch-" + name
        let copied = try CLIRunner.run(
            program: "/bin/sh", ["-c", "rm -rf \"$1\" && cp -a \"$2\" \"$1\"", "sh", copy, pristine])
        guard copied.status == 0 else { throw PackagingFailure(description: "cp: \(copied.stderr)") }
        return DebianTree(root: copy)
    }

    /// A path inside the tree, as seen from outside.
    func path(_ inside: String) -> String { root + inside }

    /// `script` run by /bin/sh inside the tree, as root.
    /// (Under emulation apt takes minutes: 15 at most.)
    func run(_ script: String) throws -> CLIRunner.Result {
        try CLIRunner.run(
            program: "/usr/bin/unshare", enter(["/bin/sh", "-c", script]), environment: Self.environment,
            timeout: 900)
    }

    /// `script` run inside the tree as the user `sitter` (made by the test), from its home, with
    /// a login's environment and nothing more.
    func runAsSitter(_ script: String) throws -> CLIRunner.Result {
        try CLIRunner.run(program: "/usr/bin/unshare", enter(asSitter(script)), environment: Self.environment)
    }

    /// `script` started inside the tree as `sitter`, left running until `stop(_:)`.
    func startAsSitter(_ script: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = enter(asSitter(script))
        process.environment = Self.environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Ends what `startAsSitter` started: unshare ignores SIGTERM while it waits, so it is
    /// killed, and its --kill-child passes SIGTERM on to what runs inside.
    /// Every process whose root is the tree is killed too: under qemu-user the namespace's
    /// first process neither passes the SIGTERM on nor reaps what it started, and the unshare
    /// process is not seen to end while they live.
    func stop(_ process: Process) {
        kill(process.processIdentifier, SIGKILL)
        let inside = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap(Int32.init) ?? []
        for pid in pids
        where (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/root")) == inside {
            kill(pid, SIGKILL)
        }
        process.waitUntilExit()
    }

    private func asSitter(_ script: String) -> [String] {
        [
            "/usr/sbin/runuser", "-u", "sitter", "--", "/usr/bin/env", "-i", "HOME=/home/sitter", "USER=sitter",
            "PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8", "XDG_RUNTIME_DIR=/tmp/sitter-runtime",
            "/bin/sh", "-c", "mkdir -p -m 700 /tmp/sitter-runtime && cd && " + script
        ]
    }

    private func enter(_ command: [String]) -> [String] {
        ["--mount", "--pid", "--fork", "--kill-child=SIGTERM", "--mount-proc=\(root)/proc", "/usr/sbin/chroot", root]
            + command
    }
}
