import Foundation
import PulseTestSupport

/// A PipeWire of one test's own, as a desktop runs it: pipewire, wireplumber on a private session
/// bus, and pipewire-pulse serving PulseAudio clients, with a null sink `meditate_test`
/// (scripts/pipewire-server.sh, which starts them detached and stops them by their pids). Every
/// file of it is in the test's scratch folder; the person's session is never reached.
package final class PrivatePipeWire {
    /// What a PulseAudio client (meditate, parec) is given to reach it.
    package let server: String
    private let folder: String
    /// Held so that the folder, with the pids `deinit` stops by, outlives this: a test's last
    /// use of its scratch may come first, and its folder would be gone, the servers left running.
    private let scratch: Scratch

    /// Whether PipeWire, its session manager, its PulseAudio server and the tools are installed
    /// (`make test` installs them).
    package static var available: Bool {
        RequiredTools.installed(
            "/usr/bin/pipewire", "/usr/bin/wireplumber", "/usr/bin/pipewire-pulse", "/usr/bin/dbus-daemon",
            "/usr/bin/pactl", "/usr/bin/parec")
    }

    /// PipeWire's version, as `pipewire --version` says it ("0.3.65").
    package static var version: String {
        let output = (try? CLIRunner.run(program: "/usr/bin/pipewire", ["--version"]).stdout) ?? ""
        return output.firstMatch(of: /libpipewire ([0-9.]+)/).map { String($0.1) } ?? "unknown"
    }

    package init(in scratch: Scratch) throws {
        self.scratch = scratch
        folder = scratch.path("pipewire")
        server = "unix:\(folder)/run/pulse/native"
        try start()
    }

    /// The pids of its processes now (the bus, pipewire, wireplumber, pipewire-pulse).
    package var pids: [Int32] {
        ["dbus", "pipewire", "wireplumber", "pipewire-pulse"].compactMap { name in
            (try? String(contentsOfFile: "\(folder)/\(name).pid", encoding: .utf8))
                .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }

    /// The environment a client reaches it through.
    package var environment: [String: String] { ["PULSE_SERVER": server] }

    /// Starts it (again, after `kill()`), with its null sink, and returns once that sink is there.
    package func start() throws {
        try script("start")
    }

    /// PipeWire dies at once, as a crashed or restarted one does; the session bus stays.
    package func kill() throws {
        try script("stop")
    }

    private func script(_ command: String) throws {
        let result = try CLIRunner.run(
            program: Self.script, [command, folder], environment: ["PATH": "/usr/bin:/bin"], timeout: 30)
        guard result.status == 0 else {
            throw Failure(description: "PipeWire (\(command)): \(result.stderr)")
        }
    }

    private static let script =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/pipewire-server.sh").path

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    deinit {
        _ = try? CLIRunner.run(program: Self.script, ["end", folder], environment: ["PATH": "/usr/bin:/bin"])
    }
}
