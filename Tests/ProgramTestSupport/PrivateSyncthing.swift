import Foundation
import PulseTestSupport

/// Two real Syncthing instances (Debian's package) sharing one folder, each in a home of its
/// own, on loopback ports of their own, with discovery, relays, NAT, usage reports and upgrades
/// off: nothing leaves the machine. Each is started and stopped by its own pid.
package final class PrivateSyncthing {
    /// One instance: its home, the folder it carries, its ports.
    package struct Peer {
        package let home: String
        package let folder: String
        package let port: Int
        package let guiPort: Int
        package var id = ""
    }

    package private(set) var peers: [Peer]
    private var processes: [Int: Process] = [:]
    /// The shared folder's id in both configurations.
    static let folderID = "meditate-history"

    /// Whether syncthing is installed (`make test` installs it).
    package static var available: Bool { RequiredTools.installed("/usr/bin/syncthing") }

    /// Makes two instances' keys and configurations in `scratch`, carrying `folders` (two), and starts both.
    package init(in scratch: Scratch, folders: [String]) throws {
        peers = try folders.enumerated().map { index, folder in
            Peer(
                home: scratch.path("syncthing-\(index)"), folder: folder, port: try LoopbackTCP.freePort(),
                guiPort: try LoopbackTCP.freePort())
        }
        for index in peers.indices {
            try FileManager.default.createDirectory(atPath: peers[index].folder, withIntermediateDirectories: true)
            let made = try CLIRunner.run(
                program: "/usr/bin/syncthing",
                ["generate", "--home=\(peers[index].home)", "--no-default-folder", "--skip-port-probing"])
            guard made.status == 0 else { throw Failure(description: "syncthing generate: \(made.stderr)") }
            let id = try CLIRunner.run(
                program: "/usr/bin/syncthing", ["serve", "--home=\(peers[index].home)", "--device-id"])
            peers[index].id = id.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            guard id.status == 0, !peers[index].id.isEmpty else { throw Failure(description: "syncthing --device-id") }
        }
        for peer in peers {
            try Data(configuration(for: peer).utf8).write(to: URL(fileURLWithPath: peer.home + "/config.xml"))
        }
        for index in peers.indices { try start(index) }
    }

    deinit {
        for index in Array(processes.keys) { stop(index) }
    }

    /// The configuration of `peer`: the one folder, shared with the other device, found at its
    /// loopback address; changes seen by inotify within a second.
    private func configuration(for peer: Peer) -> String {
        let devices = peers.map { other in
            """
              <device id="\(other.id)" name="peer-\(other.port)"><address>tcp://127.0.0.1:\(other.port)</address></device>
            """
        }
        return """
            <configuration version="36">
              <folder id="\(Self.folderID)" label="meditate" path="\(peer.folder)" type="sendreceive"
                      rescanIntervalS="3600" fsWatcherEnabled="true" fsWatcherDelayS="1">
            \(peers.map { "    <device id=\"\($0.id)\"></device>" }.joined(separator: "\n"))
              </folder>
            \(devices.joined(separator: "\n"))
              <gui enabled="true" tls="false"><address>127.0.0.1:\(peer.guiPort)</address><apikey>meditate-test</apikey></gui>
              <options>
                <listenAddress>tcp://127.0.0.1:\(peer.port)</listenAddress>
                <globalAnnounceEnabled>false</globalAnnounceEnabled>
                <localAnnounceEnabled>false</localAnnounceEnabled>
                <relaysEnabled>false</relaysEnabled>
                <natEnabled>false</natEnabled>
                <startBrowser>false</startBrowser>
                <urAccepted>-1</urAccepted>
                <crashReportingEnabled>false</crashReportingEnabled>
                <autoUpgradeIntervalH>0</autoUpgradeIntervalH>
                <reconnectionIntervalS>1</reconnectionIntervalS>
              </options>
            </configuration>
            """
    }

    /// Starts instance `index` (again).
    package func start(_ index: Int) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/syncthing")
        process.arguments = [
            "serve", "--home=\(peers[index].home)", "--no-browser", "--no-restart", "--no-upgrade",
            "--logfile=\(peers[index].home)/syncthing.log"
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["STNODEFAULTFOLDER"] = "1"
        // One process: without this, even with --no-restart, a monitor starts the real one as
        // its child, which a kill of the monitor leaves running (and Foundation's Process, whose
        // child-ended descriptor the orphan holds, then waits for ever).
        environment["STMONITORED"] = "1"
        environment["HOME"] = peers[index].home
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        processes[index] = process
    }

    /// Stops instance `index` by its pid (SIGKILL: it inherits the test thread's blocked
    /// SIGTERM), as a device switched off.
    package func stop(_ index: Int) {
        guard let process = processes.removeValue(forKey: index) else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// What instance `index` logged, for a failure's note.
    package func log(_ index: Int) -> String {
        (try? String(contentsOfFile: peers[index].home + "/syncthing.log", encoding: .utf8)) ?? ""
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        package init(description: String) { self.description = description }
    }
}
