import Control
import Foundation
import ProgramTestSupport
import Testing

/// The service found on a home network through Avahi, and paired with from another host: two
/// network namespaces with a real avahi-daemon each (`PrivateAvahiNetwork`).
@Suite("found on the network", .serialized)
struct NetworkDiscoveryTests {
    /// A service on `host` listening on every address, with a data folder (and so a device id
    /// and token) of its own, and the token it showed.
    private func service(
        on host: PrivateAvahiNetwork.Host, _ scratch: Scratch, name: String
    ) throws -> (
        RunningService, port: Int, token: String
    ) {
        let service = try RunningService(
            ["--backend", "alsa", "--device", "null", "--listen", "0.0.0.0:0", "-v"], scratch: scratch,
            environment: host.environment.merging(["XDG_DATA_HOME": scratch.path("\(name)-data")]) { $1 },
            socket: scratch.path("run/\(name).sock"), launcher: host.launcher)
        let log = service.waitForLog(containing: "?token=")
        let token = log.split(separator: "?token=").last.map { String($0.prefix { $0.isHexDigit }) } ?? ""
        let web = try service.client().call("hello")["web"]?.stringValue ?? ""
        let port = Int(web.split(separator: ":").last?.split(separator: "/").first ?? "") ?? 0
        return (service, port, token)
    }

    @Test(
        "another host finds the service with avahi-browse and meditate discover, its TXT records whole; a second is renamed; paired, it says so; SIGTERM withdraws it within 2 s",
        .enabled(if: PrivateAvahiNetwork.available, "needs root, iproute2, avahi-daemon and avahi-utils"))
    func foundPairedAndWithdrawn() throws {
        // Given two hosts with Avahi, and a service on room-a listening beyond loopback
        let scratch = try Scratch()
        let network = try PrivateAvahiNetwork(in: scratch)
        defer { network.stop() }
        let (service, port, token) = try service(on: network.a, scratch, name: "first")
        defer { service.stop() }
        let announced = service.waitForLog(containing: "announced on the network as")
        #expect(announced.contains("announced on the network as 'meditate on room-a' (_meditate._tcp, \(port))"))

        // When room-b browses with Avahi's own tool and with meditate
        let browsed = try network.b.run("/usr/bin/avahi-browse", ["-rpt", "_meditate._tcp"])
        let discovered = try network.b.meditate(["discover", "--json"])

        // Then both resolve it to room-a's address and port with its TXT records
        let resolved = browsed.stdout.split(separator: "\n").filter { $0.hasPrefix("=") }
        try #require(resolved.count == 1, "\(browsed.stdout) \(browsed.stderr)")
        let fields = resolved[0].split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        #expect(fields[3] == "meditate\\032on\\032room-a")
        #expect(fields[6] == "room-a.local" && fields[7] == network.a.address && fields[8] == String(port))
        #expect(fields[9].contains("\"api=1\"") && fields[9].contains("\"path=/rpc\""), "\(fields[9])")
        #expect(fields[9].contains("\"version=0.2.0\""), "\(fields[9])")
        let id = try #require(fields[9].split(separator: "\"").first { $0.hasPrefix("id=") }?.dropFirst(3))
        #expect(id.count == 32 && id.allSatisfy(\.isHexDigit))
        #expect(discovered.status == 0, "\(discovered.stderr)")
        let list = JSONValue.parse(discovered.stdout)
        try #require(list?.arrayCount == 1, "\(discovered.stdout)")
        let found = try #require(list?[0])
        #expect(found["name"] == "meditate on room-a")
        #expect(found["addresses"] == .array([.string(network.a.address)]))
        #expect(found["port"]?.intValue == port)
        #expect(found["id"]?.stringValue == String(id))
        #expect(found["paired"] == false)
        // And the page is announced as a web page too
        let pages = try network.b.run("/usr/bin/avahi-browse", ["-rpt", "_http._tcp"]).stdout
        #expect(pages.contains("meditate\\032on\\032room-a;Web Site;local;room-a.local;192.0.2.1;\(port);\"path=/\""))

        // When a second service starts on room-a
        let (second, secondPort, _) = try self.service(on: network.a, scratch, name: "second")
        defer { second.stop() }
        // Then Avahi's collision rule gives it another name, and room-b sees both
        #expect(second.waitForLog(containing: "announced on the network as").contains("'meditate on room-a #2'"))
        let both = try network.b.meditate(["discover", "--json"]).stdout
        #expect(both.contains("\"meditate on room-a #2\"") && both.contains("\"port\":\(secondPort)"), "\(both)")

        // When room-b pairs with the first through its link
        let config = scratch.path("b-config")
        let paired = try network.b.meditate(
            ["pair", "http://\(network.a.address):\(port)/?token=\(token)"], environment: ["XDG_CONFIG_HOME": config])
        let wrong = try network.b.meditate(
            ["pair", "http://\(network.a.address):\(port)/?token=" + String(repeating: "0", count: 32)],
            environment: ["XDG_CONFIG_HOME": config])
        // Then the token is kept for the user alone, the wrong one refused, and discover says paired
        #expect(paired.status == 0, "\(paired.stderr)")
        #expect(paired.stdout == "paired with 'meditate on room-a' at 192.0.2.1:\(port)\n")
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("refused the token; pair again"), "\(wrong.stderr)")
        let store = config + "/meditate/remotes.json"
        let mode = try FileManager.default.attributesOfItem(atPath: store)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try String(contentsOfFile: store, encoding: .utf8).contains(token))
        let listed = try network.b.meditate(["discover"], environment: ["XDG_CONFIG_HOME": config]).stdout
        let firstLine = listed.split(separator: "\n").first { $0.hasPrefix("meditate on room-a ") }
        #expect(firstLine?.hasSuffix("  paired") == true, "\(listed)")
        #expect(listed.split(separator: "\n").filter { $0.hasSuffix("paired") }.count == 1, "\(listed)")

        // When room-b watches, and the first service gets SIGTERM
        let watchLog = scratch.path("watch.log")
        let watcher = try Self.watch(on: network.b, log: watchLog)
        defer { watcher.terminate() }
        try Self.wait(seconds: 10) { Self.text(watchLog).contains("=;mdv0;IPv4;meditate\\032on\\032room-a;") }
        let stoppedAt = Date()
        service.stop()
        // Then room-b hears it withdrawn within 2 s, and discover lists only the second
        try Self.wait(seconds: 5) { Self.text(watchLog).contains("-;mdv0;IPv4;meditate\\032on\\032room-a;") }
        #expect(Date().timeIntervalSince(stoppedAt) < 2, "\(Self.text(watchLog))")
        let after = try network.b.meditate(["discover", "--json"]).stdout
        #expect(!after.contains("\"meditate on room-a\"") && after.contains("\"meditate on room-a #2\""), "\(after)")
    }

    @Test("without Avahi the service says so in one line and serves; meditate discover says why in one line")
    func withoutAvahi() throws {
        // Given a service listening on every address where the system bus has no Avahi
        let scratch = try Scratch()
        let service = try RunningService(
            ["--backend", "alsa", "--device", "null", "--listen", "0.0.0.0:0"], scratch: scratch)
        defer { service.stop() }

        // When it has started, and a sit is asked of it
        let log = service.waitForLog(containing: "not announced on the network")
        _ = try service.client().call("sit.start", ["minutes": "0.05", "countdown": 0])

        // Then one line says it, and it serves
        #expect(log.components(separatedBy: "not announced on the network").count == 2, "\(log)")
        #expect(log.contains("not announced on the network: no Avahi"), "\(log)")
        #expect(try service.client().call("status")["state"] != nil)
        // And discover names what is missing
        let discovered = try CLIRunner.run(["discover"])
        #expect(discovered.status == 69)
        #expect(discovered.stderr.hasPrefix("meditate: error: no Avahi on the system bus ("), "\(discovered.stderr)")
        #expect(
            discovered.stderr.hasSuffix(
                "discovery needs avahi-daemon running (apt install avahi-daemon), or pair by hand: meditate pair LINK\n"
            ))
        // And --json says it on stderr, and gives a script JSON: nothing found
        let listed = try CLIRunner.run(["discover", "--json"])
        #expect(listed.status == 69 && listed.stdout == "[]\n", "\(listed.stdout)")
        #expect(listed.stderr.hasPrefix("meditate: error: no Avahi on the system bus ("), "\(listed.stderr)")
    }

    private static func watch(on host: PrivateAvahiNetwork.Host, log: String) throws -> Process {
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: host.launcher[0])
        process.arguments = Array(host.launcher.dropFirst()) + ["/usr/bin/avahi-browse", "-rp", "_meditate._tcp"]
        process.environment = CLIRunner.environment.merging(host.environment) { $1 }
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    private static func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    private static func wait(seconds: Double, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline else { throw PrivateAvahiNetwork.Failure(description: "not within \(seconds) s") }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }
}
