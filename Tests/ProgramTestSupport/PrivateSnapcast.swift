import Foundation
import PulseTestSupport

/// A private Snapcast server (Debian's snapserver) on a loopback port of its own, reading a FIFO
/// in a scratch folder, and its clients (snapclient) playing into sinks of the private
/// PulseAudio server; each started and stopped by its own pid.
package final class PrivateSnapcast {
    package let port: Int
    package let fifo: String
    private let folder: String
    private var server: Process?
    private var clients: [String: Process] = [:]

    /// Whether snapserver and snapclient are installed (`make test` installs them).
    package static var available: Bool { RequiredTools.installed("/usr/bin/snapserver", "/usr/bin/snapclient") }

    /// Starts snapserver with `bufferMilliseconds` as its buffer, and waits for its FIFO.
    package init(in scratch: Scratch, bufferMilliseconds: Int) throws {
        folder = scratch.path("snapcast")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        port = try LoopbackTCP.freePort()
        fifo = folder + "/meditate.fifo"
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/snapserver")
        // No config file, no HTTP or JSON-RPC ports; the stream's port on loopback only.
        server.arguments = [
            "-c", "/dev/null", "--server.datadir=\(folder)", "--http.enabled=0", "--tcp.enabled=0",
            "--stream.bind_to_address=127.0.0.1", "--stream.port=\(port)", "--stream.buffer=\(bufferMilliseconds)",
            "--stream.source=pipe://\(fifo)?name=meditate&mode=create", "--logging.sink=null"
        ]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        self.server = server
        let deadline = Date().addingTimeInterval(10)
        while (try? LoopbackTCP.connect(port: port)).map({ close($0) }) == nil
            || !FileManager.default.fileExists(
                atPath: fifo)
        {
            guard Date() < deadline, server.isRunning else { throw Failure(description: "snapserver did not start") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    deinit { stop() }

    /// Starts (or starts again) the client `name`, playing into the PulseAudio sink `sink`.
    package func startClient(_ name: String, sink: String) throws {
        let client = Process()
        client.executableURL = URL(fileURLWithPath: "/usr/bin/snapclient")
        client.arguments = [
            "-h", "127.0.0.1", "-p", "\(port)", "--hostID", name, "--player", "pulse", "--soundcard", sink,
            "--logsink", "null"
        ]
        client.standardOutput = FileHandle.nullDevice
        client.standardError = FileHandle.nullDevice
        try client.run()
        clients[name] = client
    }

    /// Stops the client `name` by its pid (SIGKILL: it inherits the test thread's blocked
    /// SIGTERM), as a room's box that loses power.
    package func killClient(_ name: String) {
        guard let client = clients.removeValue(forKey: name) else { return }
        kill(client.processIdentifier, SIGKILL)
        client.waitUntilExit()
    }

    package func stop() {
        for name in Array(clients.keys) { killClient(name) }
        guard let server, server.isRunning else { return }
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        package init(description: String) { self.description = description }
    }
}
