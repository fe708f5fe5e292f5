import CSpawn
import Foundation
import PulseTestSupport
import Synchronization

/// Two hosts of a home network on this machine: two network namespaces joined by a veth pair
/// (192.0.2.1 and 192.0.2.2, a documentation range no real network uses, so no packet leaves),
/// each with its own D-Bus and a real avahi-daemon (Debian's) on it, its host name `room-a` or
/// `room-b`. Each daemon runs in a mount namespace of its own, with an empty /run (its pid file)
/// and no static services of this machine's. Every process is started and stopped by its own pid;
/// the namespaces go with `stop`. Needs root, as CI runs it.
package final class PrivateAvahiNetwork {
    /// One host: its namespace, its bus, its address.
    package struct Host {
        package let namespace: String
        package let bus: String
        package let address: String
        package let hostName: String

        /// What runs a program on this host: `ip netns exec NAMESPACE`.
        package var launcher: [String] { ["/usr/sbin/ip", "netns", "exec", namespace] }
        /// Its environment: the host's bus as the system bus.
        package var environment: [String: String] { ["DBUS_SYSTEM_BUS_ADDRESS": bus] }

        /// Runs `program` on this host and waits for it.
        package func run(_ program: String, _ arguments: [String], timeout: Double = 60) throws -> CLIRunner.Result {
            try CLIRunner.run(
                program: launcher[0], Array(launcher.dropFirst()) + [program] + arguments,
                environment: CLIRunner.environment.merging(environment) { $1 }, timeout: timeout)
        }

        /// Runs `meditate` on this host, with `more` beside the bus in its environment.
        package func meditate(
            _ arguments: [String], environment more: [String: String] = [:]
        ) throws
            -> CLIRunner.Result
        {
            try CLIRunner.run(
                program: launcher[0], Array(launcher.dropFirst()) + [CLIRunner.executable.path] + arguments,
                environment: CLIRunner.environment.merging(environment) { $1 }.merging(more) { $1 })
        }
    }

    package let a: Host
    package let b: Host
    /// The daemons' pids, in the order they started.
    private var daemons: [Int32] = []
    private let folder: String
    /// Networks made by this process: each gets namespaces of its own names.
    private static let made = Mutex(0)

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        package init(description: String) { self.description = description }
    }

    /// Whether the tools are here and this is root (or they are required).
    package static var available: Bool {
        RequiredTools.runs(
            needing: getuid() == 0
                && [
                    "/usr/sbin/avahi-daemon", "/usr/bin/avahi-browse", "/usr/sbin/ip", "/usr/bin/unshare",
                    "/usr/bin/dbus-daemon", "/usr/bin/dbus-send"
                ].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) })
    }

    package init(in scratch: Scratch) throws {
        let number = Self.made.withLock {
            $0 += 1
            return $0
        }
        let prefix = "mdt\(getpid() % 100_000)x\(number)"
        folder = scratch.path("avahi")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        a = Host(namespace: prefix + "a", bus: "unix:path=\(folder)/a.bus", address: "192.0.2.1", hostName: "room-a")
        b = Host(namespace: prefix + "b", bus: "unix:path=\(folder)/b.bus", address: "192.0.2.2", hostName: "room-b")
        do {
            try link()
            for host in [a, b] { try start(host) }
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// The two namespaces and the cable between them.
    private func link() throws {
        let steps: [[String]] = [
            ["netns", "add", a.namespace], ["netns", "add", b.namespace],
            ["link", "add", "mdv0", "netns", a.namespace, "type", "veth", "peer", "name", "mdv0", "netns", b.namespace],
            ["-n", a.namespace, "addr", "add", a.address + "/24", "dev", "mdv0"],
            ["-n", b.namespace, "addr", "add", b.address + "/24", "dev", "mdv0"],
            ["-n", a.namespace, "link", "set", "mdv0", "up"], ["-n", b.namespace, "link", "set", "mdv0", "up"],
            ["-n", a.namespace, "link", "set", "lo", "up"], ["-n", b.namespace, "link", "set", "lo", "up"]
        ]
        for step in steps {
            let result = try CLIRunner.run(program: "/usr/sbin/ip", step, timeout: 20)
            guard result.status == 0 else {
                throw Failure(description: "ip \(step.joined(separator: " ")): \(result.stderr)")
            }
        }
    }

    /// The host's bus, then its avahi-daemon, each a daemon of its own (not a child this
    /// process watches: avahi-daemon closes every descriptor it did not open, Foundation's watch
    /// of its child among them, which then waits on it as if it had ended and reaps no other
    /// child), known by the pid each prints; waited for until Avahi says it is running.
    private func start(_ host: Host) throws {
        daemons.append(
            try daemon(
                host.launcher + [
                    "/usr/bin/dbus-daemon", "--session", "--fork", "--nopidfile", "--print-pid", "--address=\(host.bus)"
                ], name: "\(host.hostName)-dbus"))
        let configuration = """
            [server]
            host-name=\(host.hostName)
            domain-name=local
            use-ipv4=yes
            use-ipv6=no
            allow-interfaces=mdv0
            enable-dbus=yes
            [wide-area]
            enable-wide-area=no
            [publish]
            publish-hinfo=no
            publish-workstation=no
            """
        let file = "\(folder)/\(host.hostName).conf"
        try configuration.write(toFile: file, atomically: true, encoding: .utf8)
        // Its pid file goes to a /run of its own; this machine's static services are hidden.
        let script =
            "mount -t tmpfs tmpfs /run && { [ ! -d /etc/avahi/services ] || mount -t tmpfs tmpfs /etc/avahi/services; }"
            + " && /usr/sbin/avahi-daemon -D -f \(file) --no-drop-root --no-chroot --no-rlimits --no-proc-title"
            + " && cat /run/avahi-daemon/pid"
        daemons.append(
            try daemon(
                host.launcher + [
                    "/usr/bin/env", "DBUS_SYSTEM_BUS_ADDRESS=\(host.bus)", "/usr/bin/unshare", "--mount", "/bin/sh",
                    "-c", script
                ], name: "\(host.hostName)-avahi"))
        let deadline = Date().addingTimeInterval(20)
        while try !isRunning(host) {
            guard Date() < deadline else {
                throw Failure(description: "avahi-daemon of \(host.hostName) is not running")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Runs `command`, which starts a daemon and prints its pid, with only the standard
    /// descriptors (posix_spawn, everything from 3 closed: not Foundation's Process, whose
    /// watch of a child the daemon would inherit and hold); waits up to 20 s for it to end.
    private func daemon(_ command: [String], name: String) throws -> Int32 {
        let output = "\(folder)/\(name).out", log = "\(folder)/\(name).log"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard meditate_spawn_close_from(&actions, 3) == 0 else { throw Failure(description: "\(name): closefrom") }
        var pointers: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        var environment: [UnsafeMutablePointer<CChar>?] =
            CLIRunner.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in environment { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, &pointers, &environment)
        guard spawned == 0 else { throw Failure(description: "\(name): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(20)
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard Date() < deadline else {
                kill(pid, SIGKILL)
                throw Failure(description: "\(name) did not start within 20 s")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard status == 0, let daemon = Int32(printed.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw Failure(description: "\(name) did not start (status \(status)): \(said)")
        }
        return daemon
    }

    /// Whether the host's Avahi says it is running (`GetState` 2: its host name is its own).
    private func isRunning(_ host: Host) throws -> Bool {
        let state = try CLIRunner.run(
            program: "/usr/bin/dbus-send",
            [
                "--bus=\(host.bus)", "--print-reply", "--reply-timeout=2000", "--dest=org.freedesktop.Avahi", "/",
                "org.freedesktop.Avahi.Server.GetState"
            ], timeout: 10)
        return state.status == 0 && state.stdout.contains("int32 2")
    }

    /// SIGTERM, waited for up to 5 s (until the pid is gone or only a zombie nobody reaps), then SIGKILL.
    private static func end(_ pid: Int32) {
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")"), stat[close...].dropFirst(2).first != "Z"
            else { return }
            Thread.sleep(forTimeInterval: 0.02)
        }
        kill(pid, SIGKILL)
    }

    /// Every daemon by its pid, then the namespaces (the cable goes with them).
    package func stop() {
        for pid in daemons.reversed() { Self.end(pid) }
        daemons.removeAll()
        for host in [a, b] {
            _ = try? CLIRunner.run(program: "/usr/sbin/ip", ["netns", "del", host.namespace], timeout: 20)
        }
    }
}
