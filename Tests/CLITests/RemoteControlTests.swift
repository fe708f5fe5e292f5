import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

/// `meditate ctl --host`: a service on another machine controlled from this one over its
/// WebSocket with the token `meditate pair` kept. "Another machine" is a service with its own
/// folders on a loopback address, and a client with its own config folder.
/// A service on "another machine": listening on a loopback port, with its token and its page's link.
private struct ListeningService {
    let service: RunningService
    let token: String
    /// "http://127.0.0.1:PORT/"
    let web: String

    init(in scratch: Scratch) throws {
        service = try RunningService(
            ["--backend", "alsa", "--device", "null", "--listen", "127.0.0.1:0"], scratch: scratch)
        let log = service.waitForLog(containing: "?token=")
        token = log.split(separator: "?token=").last.map { String($0.prefix { $0.isHexDigit }) } ?? ""
        web = try #require(try service.client().call("hello")["web"]?.stringValue)
    }
}

/// A helper of a test that could not be started.
private struct ListenerFailure: Error {
    let line: String
}

@Suite("controlled from another machine")
struct RemoteControlTests {
    @Test("paired, every ctl works over the network: a sit started, paused, followed, stopped, and kept on the service")
    func ctlOverTheNetwork() throws {
        // Given a service listening with its token, and a client machine paired with it
        let scratch = try Scratch()
        let remote = try ListeningService(in: scratch)
        let service = remote.service
        defer { service.stop() }
        let (token, web) = (remote.token, remote.web)
        let address = String(web.dropFirst("http://".count).dropLast())
        let client = ["XDG_CONFIG_HOME": scratch.path("client-config"), "XDG_DATA_HOME": scratch.path("client-data")]
        func ctl(_ arguments: [String]) throws -> CLIRunner.Result {
            try CLIRunner.run(["ctl", "--host", address] + arguments, environment: client)
        }
        let unpaired = try ctl(["status"])
        #expect(try CLIRunner.run(["pair", web + "?token=\(token)"], environment: client).status == 0)

        // When a long sit is started from the client, paused, read, followed and stopped
        let started = try ctl(["sit", "--minutes", "600", "--noise", "pink"])
        let paused = try ctl(["pause"])
        var state = ""
        let deadline = Date().addingTimeInterval(10)
        while state != "paused" && Date() < deadline {
            state = try service.client().call("status")["state"]?.stringValue ?? ""
        }
        let status = try ctl(["status"])
        // Followed from the client while it is stopped there too
        let following = DispatchGroup()
        nonisolated(unsafe) var followed: CLIRunner.Result?
        DispatchQueue.global().async(group: following) {
            followed = try? Self.followEvents(of: address, seconds: 8, client: client)
        }
        // (subscribed meanwhile, also on a machine busy with other tests)
        Thread.sleep(forTimeInterval: 3)
        let stopped = try ctl(["stop"])
        following.wait()

        // Then each was done on the service, as it says itself
        #expect(unpaired.status == 64)
        #expect(unpaired.stderr.contains("not paired with '\(address)'"), "\(unpaired.stderr)")
        #expect(started.status == 0, "\(started.stderr)")
        #expect(started.stdout == "started: 10 h, pink noise\n")
        #expect(paused.stdout == "pausing\n")
        #expect(state == "paused")
        #expect(status.stdout.hasPrefix("paused · "), "\(status.stdout)")
        let events = followed?.stdout ?? ""
        #expect(events.contains("\"event\":\"session-ended\""), "\(String(describing: followed))")
        #expect(stopped.stdout == "stopping\n", "\(stopped.stderr)")
        var kept: JSONValue = .null
        let recorded = Date().addingTimeInterval(10)
        while kept.arrayCount != 1 && Date() < recorded {
            kept = try service.history()
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(kept[0]?["note"] == "10 h, pink noise")
        #expect(kept[0]?["completed"] == false)
        // When the client names it as its default remote: plain `ctl` reaches it, `--socket` the local one
        try FileManager.default.createDirectory(
            atPath: scratch.path("client-config/meditate"), withIntermediateDirectories: true)
        try Data("remote = \"\(address)\"\n".utf8)
            .write(to: URL(fileURLWithPath: scratch.path("client-config/meditate/config.toml")))
        let byDefault = try CLIRunner.run(["ctl", "status"], environment: client)
        let local = try CLIRunner.run(
            ["ctl", "--socket", scratch.path("client-data/none.sock"), "status"], environment: client)
        #expect(byDefault.status == 0 && byDefault.stdout.hasPrefix("idle"), "\(byDefault)")
        #expect(local.status == 69, "\(local)")
        try FileManager.default.removeItem(atPath: scratch.path("client-config/meditate/config.toml"))
        // When a short sit is sat on it from the client's terminal (no terminal here: followed to its end)
        let sat = try CLIRunner.run(
            ["--minutes", "0.05", "--countdown", "0", "--noise", "brown", "--host", address], environment: client)
        // Then it played there to its end and is kept there, as complete
        #expect(sat.status == 0, "\(sat.stderr)")
        #expect(sat.stderr.contains("playing in the service (\(address)): 3 s, brown noise"), "\(sat.stderr)")
        let after = Date().addingTimeInterval(10)
        while kept.arrayCount != 2 && Date() < after {
            kept = try service.history()
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(kept[1]?["note"] == "3 s, brown noise")
        #expect(kept[1]?["completed"] == true)
        // And the client machine's own history has nothing of either
        #expect(try CLIRunner.run(["history", "--json"], environment: client).stdout == "[\n\n]\n")
        // And --host with this machine's output is one line
        let mixed = try CLIRunner.run(["--minutes", "1", "--host", address, "--standalone"], environment: client)
        #expect(mixed.status == 64)
        #expect(mixed.stderr.contains("--host plays on that machine"), "\(mixed.stderr)")

        // When the service's token is replaced, the old pairing is refused in one line
        _ = try CLIRunner.run(["ctl", "token", "--new", "--socket", service.socket])
        let refused = try ctl(["status"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "meditate: error: \(address) refused the token; pair again with the link `meditate ctl token` shows there now\n"
        )
        // And the service's token is never shown over the network: paired again, `ctl token`
        // from the client is refused in one line, and its answer holds no token
        let shown = try CLIRunner.run(["ctl", "token", "--socket", service.socket]).stdout
        let renewed = try #require(
            shown.range(of: "?token=").map { String(shown[$0.upperBound...].prefix { $0.isHexDigit }) })
        #expect(try CLIRunner.run(["pair", web + "?token=\(renewed)"], environment: client).status == 0)
        let asked = try ctl(["token"])
        #expect(asked.status != 0)
        #expect(asked.stderr.contains("the token is shown on the service's machine only"), "\(asked.stderr)")
        #expect(!asked.stdout.contains(renewed) && !asked.stderr.contains(renewed))
        #expect(try ctl(["--socket", service.socket, "status"]).status == 64)
    }

    @Test("a sit followed over a network that drops out for five seconds is followed again, to its end")
    func followResumesAfterTheNetworkReturns() throws {
        // Given a service reached through a network this test can cut, and a client paired through it
        let scratch = try Scratch()
        let remote = try ListeningService(in: scratch)
        let service = remote.service
        defer { service.stop() }
        let (token, web) = (remote.token, remote.web)
        let port = try #require(Int(web.split(separator: ":").last?.prefix { $0.isNumber } ?? ""))
        let relay = try CuttableRelay(to: port)
        defer { relay.stop() }
        let address = "127.0.0.1:\(relay.port)"
        let client = ["XDG_CONFIG_HOME": scratch.path("client-config"), "XDG_DATA_HOME": scratch.path("client-data")]
        let paired = try CLIRunner.run(["pair", "http://\(address)/?token=\(token)"], environment: client)
        #expect(paired.status == 0, "\(paired.stderr)")

        // When a long sit is sat there from this terminal, the network cut for five seconds, and
        // the sit ended there after it came back
        let following = DispatchGroup()
        nonisolated(unsafe) var followed: CLIRunner.Result?
        DispatchQueue.global().async(group: following) {
            followed = try? CLIRunner.run(
                ["--minutes", "600", "--countdown", "0", "--noise", "brown", "--host", address], environment: client)
        }
        // And the service's events followed too, through the same cut
        nonisolated(unsafe) var watched: CLIRunner.Result?
        DispatchQueue.global().async(group: following) {
            watched = try? Self.followEvents(of: address, seconds: 17, client: client)
        }
        var state = ""
        let deadline = Date().addingTimeInterval(10)
        while state != "sitting" && Date() < deadline {
            state = try service.client().call("status")["state"]?.stringValue ?? ""
            Thread.sleep(forTimeInterval: 0.1)
        }
        // (the events' follower subscribed meanwhile: a command's start takes some 50 ms)
        Thread.sleep(forTimeInterval: 3)
        relay.cut()
        Thread.sleep(forTimeInterval: 5)
        try relay.restore()
        Thread.sleep(forTimeInterval: 3)
        _ = try service.client().call("stop")
        following.wait()

        // Then the follower said the connection was lost, took it up again, and saw the sit's end
        let result = try #require(followed)
        #expect(state == "sitting")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("the connection to \(address) was lost"), "\(result.stderr)")
        #expect(result.stderr.contains("connected again to \(address)"), "\(result.stderr)")
        #expect(result.stderr.contains("ended early: sat "), "\(result.stderr)")
        let events = try #require(watched)
        #expect(events.stderr.contains("the connection to \(address) was lost"), "\(events.stderr)")
        #expect(events.stderr.contains("connected again to \(address)"), "\(events.stderr)")
        #expect(events.stdout.contains("\"event\":\"session-ended\""), "\(events.stdout)")
    }

    @Test(
        "a sit started in a terminal with --host shows the remote sit's status line; space pauses it there and plays it on, Ctrl-C ends it early",
        .enabled(
            if: RequiredTools.installed("/usr/bin/tmux"), "needs tmux (make test installs it)"))
    func terminalKeysReachTheRemoteSit() throws {
        // Given a service on "another machine", and this machine paired with it
        let scratch = try Scratch()
        let remote = try ListeningService(in: scratch)
        let service = remote.service
        defer { service.stop() }
        let address = String(remote.web.dropFirst("http://".count).dropLast())
        let client = ["XDG_CONFIG_HOME": scratch.path("client-config"), "XDG_DATA_HOME": scratch.path("client-data")]
        let paired = try CLIRunner.run(["pair", remote.web + "?token=\(remote.token)"], environment: client)
        #expect(paired.status == 0, "\(paired.stderr)")
        func state() throws -> String { try service.client().call("status")["state"]?.stringValue ?? "" }
        func waitFor(_ wanted: String) throws -> String {
            let deadline = Date().addingTimeInterval(10)
            var now = try state()
            while now != wanted && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.1)
                now = try state()
            }
            return now
        }

        // When a long sit is started from a terminal here
        let script = try PrivateTmux.script(
            ["--minutes", "600", "--countdown", "0", "--host", address], environment: client,
            errors: scratch.path("errors.log"), scratch: scratch)
        let tmux = try PrivateTmux(script: script, columns: 100, scratch: scratch)
        defer { tmux.stop() }
        // Then the service sits, and the terminal shows its status line
        #expect(try waitFor("sitting") == "sitting")
        let sitting = try tmux.screen(within: 10) { $0.joined().contains("sitting") }.joined(separator: "\n")
        #expect(sitting.contains("sitting") && sitting.contains("left"), "\(sitting)")

        // When space is pressed in it
        try tmux.send("Space")
        // Then the sit pauses on the service, and the line says how to go on
        #expect(try waitFor("paused") == "paused")
        let paused = try tmux.screen(within: 10) { $0.joined().contains("(space resumes)") }.joined(separator: "\n")
        #expect(paused.contains("paused") && paused.contains("(space resumes)"), "\(paused)")

        // When space is pressed again, and then Ctrl-C
        try tmux.send("Space")
        #expect(try waitFor("sitting") == "sitting")
        try tmux.send("C-c")
        // Then the sit ends early there and is kept in its history
        #expect(try waitFor("idle") == "idle")
        let history = try service.history()
        #expect(history.arrayCount == 1 && history[0]?["completed"] == false, "\(history.line)")
    }

    @Test("a pairing is refused when another service answers at its address, and a link's token is 32 hex digits")
    func pairingChecksWhoAnswers() throws {
        // Given two services on "other machines", and a client paired with the first
        let scratch = try Scratch(), other = try Scratch()
        let first = try ListeningService(in: scratch)
        defer { first.service.stop() }
        let second = try ListeningService(in: other)
        defer { second.service.stop() }
        let client = ["XDG_CONFIG_HOME": scratch.path("client-config"), "XDG_DATA_HOME": scratch.path("client-data")]
        let paired = try CLIRunner.run(["pair", first.web + "?token=\(first.token)"], environment: client)
        #expect(paired.status == 0, "\(paired.stderr)")
        let address = String(first.web.dropFirst("http://".count).dropLast())
        #expect(try CLIRunner.run(["ctl", "--host", address, "status"], environment: client).status == 0)

        // When the pairing's address and token are now another service's (its address given to
        // another machine, which takes the token)
        let store = scratch.path("client-config") + "/meditate/remotes.json"
        let kept = try String(contentsOfFile: store, encoding: .utf8)
        try kept.replacingOccurrences(of: first.web, with: second.web)
            .replacingOccurrences(of: first.token, with: second.token)
            .write(toFile: store, atomically: true, encoding: .utf8)
        let secondAddress = String(second.web.dropFirst("http://".count).dropLast())
        let status = try CLIRunner.run(["ctl", "--host", secondAddress, "status"], environment: client)

        // Then it is refused in one line, and nothing is asked of the other service
        #expect(status.status == 1, "\(status.stdout) \(status.stderr)")
        #expect(
            status.stderr.hasPrefix("meditate: error: another service than 'meditate on ")
                && status.stderr.split(separator: "\n").count == 1, "\(status.stderr)")

        // And a link whose token would put a line end into the request is refused before any
        // connection
        for token in ["abc%0d%0aX-Injected:%201", String(repeating: "A", count: 32), "0123"] {
            let bad = try CLIRunner.run(["pair", "http://127.0.0.1:9/?token=\(token)"], environment: client)
            #expect(bad.status == 64, "\(token): \(bad.stderr)")
            #expect(bad.stderr.contains("32 hex digits"), "\(bad.stderr)")
        }
    }

    @Test(
        "events followed over the network end in one line when the token is replaced there, not trying again for ever; Ctrl-C ends them at once"
    )
    func replacedTokenEndsTheFollowing() throws {
        // Given a client paired with a service and following its events
        let scratch = try Scratch()
        let remote = try ListeningService(in: scratch)
        defer { remote.service.stop() }
        let client = ["XDG_CONFIG_HOME": scratch.path("client-config"), "XDG_DATA_HOME": scratch.path("client-data")]
        #expect(try CLIRunner.run(["pair", remote.web + "?token=\(remote.token)"], environment: client).status == 0)
        let address = String(remote.web.dropFirst("http://".count).dropLast())
        let following = DispatchGroup()
        nonisolated(unsafe) var followed: CLIRunner.Result?
        DispatchQueue.global().async(group: following) {
            followed = try? Self.followEvents(of: address, seconds: 30, client: client)
        }
        Thread.sleep(forTimeInterval: 3)

        // When the token is replaced on the service, which closes every WebSocket
        let renewed = try CLIRunner.run(["ctl", "token", "--new", "--socket", remote.service.socket])
        #expect(renewed.status == 0, "\(renewed.stderr)")

        // Then the following ends soon, failing, its last line saying the token was refused
        #expect(following.wait(timeout: .now() + 20) == .success)
        let result = try #require(followed)
        #expect(result.status == 1, "\(result.stderr)")
        let last = result.stderr.split(separator: "\n").last ?? ""
        #expect(last.contains("refused") && last.contains("token"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count <= 2, "\(result.stderr)")

        // And a following interrupted with Ctrl-C ends at once
        let paired = try CLIRunner.run(
            [
                "pair",
                remote.web + "?token="
                    + (renewed.stdout.split(separator: "?token=").last.map {
                        String($0.prefix { $0.isHexDigit })
                    } ?? "")
            ], environment: client)
        #expect(paired.status == 0, "\(paired.stderr)")
        let interrupted = try CLIRunner.run(
            program: "/usr/bin/timeout",
            [
                "--preserve-status", "-s", "INT", "2", CLIRunner.executable.path, "ctl", "--host", address, "events",
                "--json"
            ],
            environment: CLIRunner.environment.merging(client) { $1 }, timeout: 10)
        #expect(interrupted.status == 0, "\(interrupted.stderr)")
    }

    @Test(
        "the token is sent only to the service paired: another answering at its address never receives it, and a pairing that would replace another device's asks first"
    )
    func tokenGoesOnlyToThePairedService() throws {
        // Given a client paired with a service, and another listener (not the service) that
        // notes every request's head and answers /service.json as another service would
        let scratch = try Scratch()
        let first = try ListeningService(in: scratch)
        defer { first.service.stop() }
        let client = ["XDG_CONFIG_HOME": scratch.path("client-config"), "XDG_DATA_HOME": scratch.path("client-data")]
        #expect(try CLIRunner.run(["pair", first.web + "?token=\(first.token)"], environment: client).status == 0)
        let heads = scratch.path("heads.txt")
        let listener = try Self.recordingListener(writingTo: heads, in: scratch)
        defer { listener.stop() }

        // When the pairing's address is given to that listener (the token kept)
        let store = scratch.path("client-config") + "/meditate/remotes.json"
        let kept = try String(contentsOfFile: store, encoding: .utf8)
        try kept.replacingOccurrences(of: first.web, with: "http://127.0.0.1:\(listener.port)/")
            .write(toFile: store, atomically: true, encoding: .utf8)
        let status = try CLIRunner.run(["ctl", "--host", "127.0.0.1:\(listener.port)", "status"], environment: client)

        // Then it is refused as another service, and the listener never saw the token
        #expect(status.status == 1, "\(status.stderr)")
        #expect(status.stderr.contains("another service than"), "\(status.stderr)")
        let seen = try String(contentsOfFile: heads, encoding: .utf8)
        #expect(seen.contains("GET /service.json"), "\(seen)")
        #expect(!seen.contains(first.token), "\(seen)")

        // When the first service is paired again at its address, and then a second service is
        // given that address in a link (a pairing with another device's id at the same address)
        try kept.write(toFile: store, atomically: true, encoding: .utf8)
        let second = try ListeningService(in: try Scratch())
        defer { second.service.stop() }
        let secondAddress = String(second.web.dropFirst("http://".count).dropLast())
        try kept.replacingOccurrences(of: first.web, with: second.web)
            .write(toFile: store, atomically: true, encoding: .utf8)
        let asked = try CLIRunner.run(["pair", second.web + "?token=\(second.token)"], environment: client)
        let replaced = try CLIRunner.run(
            ["pair", "--replace", second.web + "?token=\(second.token)"], environment: client)

        // Then without a terminal it is refused in one line naming --replace, and nothing
        // changes; with --replace the other device's pairing is gone and this one is kept
        #expect(asked.status == 64, "\(asked.stderr)")
        #expect(asked.stderr.contains("another device, is paired at \(secondAddress); --replace"), "\(asked.stderr)")
        #expect(replaced.status == 0, "\(replaced.stderr)")
        let after = try String(contentsOfFile: store, encoding: .utf8)
        #expect(after.contains(second.token) && !after.contains(first.token), "\(after)")
    }

    /// A listener on loopback that writes each request's head to `path` and answers
    /// `/service.json` as a service of another id does (and 401 to anything else).
    private static func recordingListener(
        writingTo path: String, in scratch: Scratch
    ) throws -> (
        port: Int, stop: () -> Void
    ) {
        let script = """
            import http.server, json, sys
            class Handler(http.server.BaseHTTPRequestHandler):
                def do_GET(self):
                    with open(sys.argv[1], "a") as out:
                        out.write(self.requestline + "\\n" + str(self.headers) + "\\n")
                    if self.path == "/service.json":
                        body = json.dumps({"service": "meditate", "id": "f" * 32, "name": "meditate on elsewhere"}).encode()
                        self.send_response(200)
                        self.send_header("content-length", str(len(body)))
                        self.end_headers()
                        self.wfile.write(body)
                    else:
                        self.send_response(401)
                        self.send_header("content-length", "0")
                        self.end_headers()
                def log_message(self, *arguments):
                    pass
            server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        // SIGKILL: a child of the test process inherits its blocked signals, SIGTERM among them.
        let pid = process.processIdentifier
        guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(pid, SIGKILL)
            throw ListenerFailure(line: "the listener said no port: \(line)")
        }
        return (
            port,
            {
                kill(pid, SIGKILL)
                process.waitUntilExit()
            }
        )
    }

    /// `ctl --host ADDRESS events --json` run on the client as a person follows a service, for
    /// `seconds` (it follows until stopped).
    private static func followEvents(
        of address: String, seconds: Int, client: [String: String]
    ) throws -> CLIRunner.Result {
        try CLIRunner.run(
            program: "/usr/bin/timeout",
            ["\(seconds)", CLIRunner.executable.path, "ctl", "--host", address, "events", "--json"],
            environment: CLIRunner.environment.merging(client) { $1 })
    }
}
