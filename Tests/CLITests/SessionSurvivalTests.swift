import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing
import WAVTestSupport

/// Live sessions when the world around them fails: the terminal goes, a signal comes in the
/// ring-out, the file plays from is cut, the sound server dies. Nothing traps, nothing hangs,
/// and the sit is recorded.
@Suite("Live sessions that survive", .serialized)
struct SessionSurvivalTests {
    /// The history's rows as `history --csv` writes them, header left out.
    private func historyRows(data: String) throws -> [String] {
        let result = try CLIRunner.run(["history", "--csv"], environment: ["XDG_DATA_HOME": data])
        return result.stdout.split(separator: "\n").dropFirst().map(String.init)
    }

    /// Polls until `condition` holds or `seconds` pass; whether it held.
    private func eventually(within seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        // (Used for files the session writes, and for the history it records.)
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.2)
        }
        return try condition()
    }

    /// Runs meditate with `arguments` inside a private tmux server, as a person at a terminal
    /// would; stderr goes to `errors`. `ignoringHangup` starts it as nohup would.
    private func startInTmux(
        _ arguments: [String], scratch: Scratch, errors: String, ignoringHangup: Bool,
        environment: [String: String] = [:]
    ) throws -> PrivateTmux {
        let script = try PrivateTmux.script(
            arguments, environment: ["XDG_DATA_HOME": scratch.path("data")].merging(environment) { $1 },
            errors: errors, scratch: scratch, ignoringHangup: ignoringHangup)
        let tmux = try PrivateTmux(script: script, columns: 100, scratch: scratch)
        // The shell's redirection makes the log file as meditate starts.
        let started = eventually(within: 10) { FileManager.default.fileExists(atPath: errors) }
        #expect(started)
        return tmux
    }

    @Test(
        "the terminal closing mid-sit (tmux killed) ends the sit like SIGHUP: no trap, recorded as ended early",
        .enabled(
            if: PulseCapture.available && RequiredTools.installed("/usr/bin/tmux"),
            "needs tmux and the private server of `make test`"))
    func terminalClosedEndsAndRecords() throws {
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        // Given a sit drawing its status line in a tmux window
        let scratch = try Scratch()
        let errors = scratch.path("errors.log")
        let tmux = try startInTmux(
            ["--minutes", "1", "--countdown", "0", "--backend", "pulse"], scratch: scratch,
            errors: errors, ignoringHangup: false)
        Thread.sleep(forTimeInterval: 3)
        // When the terminal goes away
        tmux.stop()
        // Then the sit is recorded, ended early, and nothing trapped
        let recorded = try eventually(within: 10) { try !historyRows(data: scratch.path("data")).isEmpty }
        let log = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        #expect(recorded, "\(log)")
        let rows = try historyRows(data: scratch.path("data"))
        #expect(rows.first?.contains(",false,timer") == true, "\(rows) \(log)")
        #expect(!log.contains("Fatal error") && !log.contains("Illegal instruction"), "\(log)")
        #expect(tmux.waitForPrograms(within: 10), "\(log)")
    }

    @Test(
        "meditate sit with a service running: the terminal shows the service's sit, and closing it leaves the sit playing to its end and recorded",
        .enabled(
            if: PulseCapture.available && RequiredTools.installed("/usr/bin/tmux"),
            "needs tmux and the private server of `make test`"))
    func sitHandedToTheService() throws {
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        // Given a service on the user's socket (in a runtime folder of the test's own)
        let scratch = try Scratch()
        let runtime = scratch.path("runtime")
        let service = try RunningService(
            ["--backend", "pulse"], scratch: scratch, socket: runtime + "/meditate/control.sock")
        defer { service.stop() }
        let events = try service.subscriber()
        // When `meditate sit` runs in a terminal for 6 seconds
        let errors = scratch.path("errors.log")
        let tmux = try startInTmux(
            ["--minutes", "0.1", "--countdown", "0", "--gong", "bell"], scratch: scratch, errors: errors,
            ignoringHangup: false, environment: ["XDG_RUNTIME_DIR": runtime])
        var started: JSONValue?
        while started == nil, let event = try events.nextEvent(timeoutMilliseconds: 10_000) {
            if event["event"] == "session-started" { started = event }
        }
        Thread.sleep(forTimeInterval: 1.5)
        let screen = try tmux.screen().joined(separator: "\n")
        // And its terminal is closed two seconds in
        tmux.stop()

        // Then the service played the sit, and the terminal showed it with the status line
        #expect(started?["session"]?["description"] == "6 s", "\(started?.line ?? "no session started")")
        #expect(screen.contains("sitting") && screen.contains("left"), "\(screen)")
        // And the sit went on to its completion gong without its terminal, and is recorded
        var ended: JSONValue?
        while ended == nil, let event = try events.nextEvent(timeoutMilliseconds: 20_000) {
            if event["event"] == "session-ended" { ended = event }
        }
        #expect(ended?["completed"] == true && ended?["satSeconds"] == 6, "\(ended?.line ?? "not ended")")
        let history = try service.history()
        #expect(history[0]?["completed"] == true && history[0]?["satSeconds"] == 6, "\(history.line)")
        // And the terminal's meditate recorded nothing of its own: the service's row is the only one
        #expect(history.arrayCount == 1, "\(history.line)")
    }

    @Test(
        "meditate sit following a service: Ctrl-C ends the service's sit early, and it is recorded so",
        .enabled(
            if: PulseCapture.available && RequiredTools.installed("/usr/bin/tmux"),
            "needs tmux and the private server of `make test`"))
    func ctrlCEndsTheServicesSit() throws {
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        // Given `meditate sit` following a one-minute sit in a service, in a terminal
        let scratch = try Scratch()
        let runtime = scratch.path("runtime")
        let service = try RunningService(
            ["--backend", "pulse"], scratch: scratch, socket: runtime + "/meditate/control.sock")
        defer { service.stop() }
        let events = try service.subscriber()
        let errors = scratch.path("errors.log")
        let tmux = try startInTmux(
            ["--minutes", "1", "--countdown", "0", "--gong", "bell"], scratch: scratch, errors: errors,
            ignoringHangup: false, environment: ["XDG_RUNTIME_DIR": runtime])
        while let event = try events.nextEvent(timeoutMilliseconds: 10_000), event["phase"] != "sitting" {}
        Thread.sleep(forTimeInterval: 1)
        // When Ctrl-C is pressed in it
        try tmux.send("C-c")
        // Then the service's sit ends early and is recorded as ended early
        var ended: JSONValue?
        while ended == nil, let event = try events.nextEvent(timeoutMilliseconds: 10_000) {
            if event["event"] == "session-ended" { ended = event }
        }
        #expect(ended?["completed"] == false, "\(ended?.line ?? "not ended")")
        let history = try service.history()
        #expect(history.arrayCount == 1 && history[0]?["completed"] == false, "\(history.line)")
        // And the terminal followed the sit to its end and then exited, closing its window
        // (tmux ends with its last window)
        let deadline = Date().addingTimeInterval(5)
        var open = true
        while open && Date() < deadline {
            open = try tmux.run(["has-session"]).terminationStatus == 0
            if open { Thread.sleep(forTimeInterval: 0.1) }
        }
        #expect(!open, "meditate sit still runs in its terminal after the service's sit ended")
        tmux.stop()
    }

    @Test(
        "a sit that ignores SIGHUP carries on headless when its terminal goes, and completes",
        .enabled(
            if: PulseCapture.available && RequiredTools.installed("/usr/bin/tmux"),
            "needs tmux and the private server of `make test`"))
    func terminalClosedCarriesOnHeadless() throws {
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        // Given a 6-second sit started as nohup would, in a tmux window
        let scratch = try Scratch()
        let errors = scratch.path("errors.log")
        let tmux = try startInTmux(
            ["--minutes", "0.1", "--countdown", "0", "--gong", "bell", "--backend", "pulse"],
            scratch: scratch, errors: errors, ignoringHangup: true)
        Thread.sleep(forTimeInterval: 2)
        // When the terminal goes away two seconds in
        tmux.stop()
        // Then the sit goes on to its completion gong and is recorded as completed
        let recorded = try eventually(within: 20) { try !historyRows(data: scratch.path("data")).isEmpty }
        let log = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        #expect(recorded, "\(log)")
        #expect(try historyRows(data: scratch.path("data")).first?.contains(",true,timer") == true, "\(log)")
        #expect(log.contains("completion gong"), "\(log)")
        // And it has rung out before the sink is let go (the next test records it)
        #expect(tmux.waitForPrograms(within: 30), "\(log)")
    }

    @Test(
        "SIGQUIT or SIGUSR1 while the completion gong rings out: the complete sit is recorded, exit 0",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"),
        arguments: [SIGQUIT, SIGUSR1])
    func signalInRingOutKeepsCompleteSit(signal: Int32) throws {
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        // Given a 3-second sit whose bowl rings for 15 s after the completion gong
        let scratch = try Scratch()
        let data = scratch.path("data")
        let sit = try LoggedMeditate(
            ["--minutes", "0.05", "--countdown", "0", "--backend", "pulse"],
            environment: ["XDG_DATA_HOME": data], logPath: scratch.path("sit.log"),
            cleanSignalMask: true)
        #expect(sit.waitForLog(containing: "completion gong"))
        Thread.sleep(forTimeInterval: 1)
        // When the signal comes in the ring-out
        kill(sit.process.processIdentifier, signal)
        let log = sit.finish()
        // Then it ends normally, and the sit is in the history as completed
        #expect(sit.process.terminationStatus == 0 && sit.process.terminationReason == .exit, "\(log)")
        let rows = try historyRows(data: data)
        #expect(rows.count == 1 && rows[0].contains("0.05,true,timer"), "\(rows) \(log)")
    }

    @Test(
        "a WAV cut short behind the playing position on PulseAudio ends the play, exit 0, recorded",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func fileCutBehindThePlayerEnds() throws {
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        // Given a 20-second track playing
        let scratch = try Scratch()
        let track = scratch.path("talk.wav")
        try writeSineWAV(path: track, frames: 20 * 48_000)
        let data = scratch.path("data")
        let play = try RunningMeditate(
            ["play", track, "--no-normalize", "--backend", "pulse"],
            environment: ["XDG_DATA_HOME": data])
        play.waitForLog(containing: "playing talk")
        // When, three seconds in, the file is cut to its first half second
        Thread.sleep(forTimeInterval: 3)
        #expect(truncate(track, 100_000) == 0)
        let killer = KillSwitch(pid: play.process.processIdentifier, after: 25)
        let log = play.finish()
        // Then it says why, ends early by itself, and is recorded
        #expect(!killer.disarm(), "did not end by itself: \(log)")
        #expect(play.process.terminationStatus == 0, "\(log)")
        #expect(log.contains("the file is truncated") && log.contains("ended early"), "\(log)")
        #expect(try historyRows(data: data).first?.contains(",false,guided") == true)
    }

    @Test(
        "a sound server gone for seconds: the sit waits for it and completes; SIGTERM while it waits ends it",
        .enabled(if: RequiredTools.installed("/usr/bin/pulseaudio"), "needs pulseaudio"))
    func outputGoneAndBack() throws {
        // Given a 10-second sit on a server of this test's own
        let scratch = try Scratch()
        var server = try DetachedPulseServer(in: scratch.url)
        let data = scratch.path("data")
        let environment = ["PULSE_SERVER": "unix:\(server.socket)", "XDG_DATA_HOME": data]
        let sit = try LoggedMeditate(
            ["--minutes", "0.17", "--countdown", "0", "--gong", "bell", "--backend", "pulse"],
            environment: environment, logPath: scratch.path("first.log"))
        #expect(sit.waitForLog(containing: "start gong"))
        // When the server dies two seconds in and is back six seconds later
        Thread.sleep(forTimeInterval: 2)
        server.kill()
        #expect(sit.waitForLog(containing: "waits for one to come back"), "\(sit.log)")
        Thread.sleep(forTimeInterval: 4)
        server = try DetachedPulseServer(in: scratch.url)
        let log = sit.finish()
        // Then the sit plays to its end, all 10 seconds of it, and exits 0
        #expect(sit.process.terminationStatus == 0, "\(log)")
        #expect(log.contains("playing on PulseAudio"), "\(log)")
        #expect(log.contains("complete: sat 10 s"), "\(log)")

        // And when the server dies again under a second sit, SIGTERM while it waits ends it
        let second = try LoggedMeditate(
            ["--minutes", "1", "--countdown", "0", "--gong", "bell", "--backend", "pulse"],
            environment: environment, logPath: scratch.path("second.log"))
        #expect(second.waitForLog(containing: "start gong"))
        Thread.sleep(forTimeInterval: 1)
        server.kill()
        #expect(second.waitForLog(containing: "waits for one to come back"), "\(second.log)")
        let sent = Date()
        second.process.terminate()
        second.process.waitUntilExit()
        let took = Date().timeIntervalSince(sent)
        let secondLog = second.finish()
        #expect(second.process.terminationStatus == 0, "\(secondLog)")
        #expect(took < 1, "took \(took) s")
        let rows = try historyRows(data: data)
        #expect(rows.count == 2 && rows.contains { $0.contains(",false,timer") }, "\(rows)")
    }
}
