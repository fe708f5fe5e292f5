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
