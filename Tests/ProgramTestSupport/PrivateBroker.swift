import Foundation
import PulseTestSupport

/// A private MQTT broker (Debian's mosquitto) on a loopback port of its own, without
/// persistence, started and stopped by its own pid; and its command-line clients.
package final class PrivateBroker {
    package let port: Int
    private let folder: String
    private var process: Process?

    /// Whether mosquitto and its clients are installed (`make test` installs them).
    package static var available: Bool {
        RequiredTools.installed("/usr/sbin/mosquitto", "/usr/bin/mosquitto_sub", "/usr/bin/mosquitto_pub")
    }

    /// The certificate of a TLS broker, its own CA (made for 127.0.0.1 by openssl).
    package let certificate: String?

    package init(in scratch: Scratch, tls: Bool = false) throws {
        folder = scratch.path("broker")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        port = try LoopbackTCP.freePort()
        var conf = "listener \(port) 127.0.0.1\nallow_anonymous true\npersistence false\n"
        if tls {
            let certificate = folder + "/cert.pem", key = folder + "/key.pem"
            let openssl = Process()
            openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
            openssl.arguments = [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "2",
                "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"
            ]
            openssl.standardError = FileHandle.nullDevice
            try openssl.run()
            openssl.waitUntilExit()
            guard openssl.terminationStatus == 0 else { throw Failure(description: "openssl failed") }
            // mosquitto reads it as the user it drops to.
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: key)
            conf += "certfile \(certificate)\nkeyfile \(key)\n"
            self.certificate = certificate
        } else {
            certificate = nil
        }
        try conf.write(toFile: folder + "/mosquitto.conf", atomically: true, encoding: .utf8)
        try start()
    }

    /// How its command-line clients reach it.
    package var clientArguments: [String] {
        ["-h", "127.0.0.1", "-p", "\(port)"] + (certificate.map { ["--cafile", $0] } ?? [])
    }

    deinit { stop() }

    /// Starts the broker (again) on the same port, and waits until it accepts connections.
    package func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/mosquitto")
        process.arguments = ["-c", folder + "/mosquitto.conf"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(10)
        while (try? LoopbackTCP.connect(port: port)).map({ close($0) }) == nil {
            guard Date() < deadline, process.isRunning else { throw Failure(description: "mosquitto did not start") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Stops the broker by its pid (SIGKILL: it would keep SIGTERM blocked, as it inherits
    /// the test thread's mask and restores it around its wait) and waits for it.
    package func stop() {
        guard let process, process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Publishes one message, as a client of Home Assistant's would.
    package func publish(_ topic: String, _ payload: String, retain: Bool = false) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/mosquitto_pub")
        process.arguments = clientArguments + ["-q", "1", "-t", topic, "-m", payload] + (retain ? ["-r"] : [])
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "mosquitto_pub \(topic) failed") }
    }

    /// The messages retained under `filter` now: topic → payload (empty payloads left out).
    /// Asked for `count` messages, it returns as soon as they have come.
    package func retained(_ filter: String, count: Int? = nil) throws -> [String: String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/mosquitto_sub")
        // --retained-only ends at the first message that is not retained; -W ends it when none is.
        process.arguments =
            clientArguments + ["-v", "--retained-only", "-W", "1", "-t", filter] + (count.map { ["-C", "\($0)"] } ?? [])
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Dictionary(Self.messages(in: String(decoding: data, as: UTF8.self))) { $1 }
    }

    /// Waits up to `seconds` until the retained message on `topic` satisfies `condition`.
    @discardableResult
    package func waitForRetained(
        _ topic: String, seconds: Double = 10, _ condition: (String) -> Bool
    ) throws -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let payload = try retained(topic, count: 1)[topic], condition(payload) { return payload }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return nil
    }

    /// Topic and payload of each line `mosquitto_sub -v` wrote (empty payloads left out).
    package static func messages(in text: String) -> [(topic: String, payload: String)] {
        text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }
    }

    /// A client subscribed to `filter` from now on, in the background.
    package func subscribe(_ filter: String, into path: String) throws -> Subscription {
        try Subscription(client: clientArguments, filter: filter, path: path)
    }

    /// What a `mosquitto_sub -v` has received, read from the file it writes.
    package final class Subscription {
        private let process = Process()
        private let path: String

        init(client: [String], filter: String, path: String) throws {
            self.path = path
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw Failure(description: "cannot create \(path)")
            }
            process.executableURL = URL(fileURLWithPath: "/usr/bin/mosquitto_sub")
            process.arguments = client + ["-v", "-q", "1", "-t", filter]
            process.standardOutput = FileHandle(forWritingAtPath: path)
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Subscribed once its connection is up: a moment on loopback.
            Thread.sleep(forTimeInterval: 0.3)
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }

        /// Topic and payload of every message so far, in order.
        package var messages: [(topic: String, payload: String)] {
            PrivateBroker.messages(in: (try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
        }

        /// Waits up to `seconds` for a message on `topic` that satisfies `condition`.
        package func waitFor(
            _ topic: String, seconds: Double = 10, _ condition: (String) -> Bool = { _ in true }
        ) -> String? {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if let found = messages.first(where: { $0.topic == topic && condition($0.payload) }) {
                    return found.payload
                }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return nil
        }
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        package init(description: String) { self.description = description }
    }
}
