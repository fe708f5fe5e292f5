import Control
import Foundation
import ProgramTestSupport
import Testing

@Suite("the service's hooks: commands on events, in processes of their own")
struct ServiceHookTests {
    @Test(
        "hooks run on a sit's start and end with the event in their environment; a hanging one is killed and the sit goes on"
    )
    func hooksRunAndAHangingOneIsKilled() throws {
        // Given a config.toml whose hooks write the start and end to a file, and whose bell
        // hook hangs (a tagged sleep) past a one-second limit
        let scratch = try Scratch()
        let config = scratch.path("config/meditate")
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        let log = scratch.path("hooks.log")
        // A length of sleep no other process has, to find this test's hooks by.
        let tag = "60.\(Int.random(in: 100_000..<1_000_000))"
        try """
        [hooks]
        session-started = 'echo "$MEDITATE_EVENT $MEDITATE_SESSION_KIND $MEDITATE_SESSION_ID" >> \(log)'
        session-ended = 'echo "$MEDITATE_EVENT $MEDITATE_ID $MEDITATE_COMPLETED $MEDITATE_SAT_SECONDS" >> \(log)'
        bell = 'sleep \(tag)'
        timeout = 1
        """.write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        let service = try RunningService(
            ["--backend", "alsa", "--device", "null"], scratch: scratch,
            environment: ["XDG_CONFIG_HOME": scratch.path("config")])
        let events = try service.subscriber()

        // When a 3-second sit plays (the null device plays it at once)
        _ = try service.client().call("sit.start", ["minutes": "0.05", "countdown": 0])
        var ended: JSONValue?
        while ended == nil, let event = try events.nextEvent(timeoutMilliseconds: 20_000) {
            if event["event"] == "session-ended" { ended = event }
        }
        // And the hanging hooks have had their second and a little more
        Thread.sleep(forTimeInterval: 2)
        let serviceLog = service.stop()

        // Then the sit completed whatever the hooks did
        #expect(ended?["completed"] == true, "\(ended?.line ?? "no end")")
        // And the start and end hooks ran with the event in their environment (each in a process
        // of its own, started in the events' order: on the null device, which plays the sit at
        // once, the end's shell may write before the start's, so the lines are taken as a set)
        let written = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(
            written.split(separator: "\n").sorted() == ["session-ended 1 true 3", "session-started timer 1"],
            "\(written)")
        // And each bell hook was killed at its limit, said in the log, and none is left running
        #expect(serviceLog.contains("hook bell: still running after 1 s, killed"), "\(serviceLog)")
        #expect(Self.processes(containing: tag).isEmpty, "still running: \(Self.processes(containing: tag))")
    }

    @Test(
        "a hook's background child holds none of the service's descriptors, and a killed service's successor serves at once"
    )
    func hookChildrenHoldNothingOfTheService() throws {
        // Given a service whose session-started hook leaves a child running in a session of its own
        let scratch = try Scratch()
        let tag = "600.\(Int.random(in: 100_000..<1_000_000))"
        let environment = try Self.hooks(
            "session-started = 'setsid sleep \(tag) > /dev/null 2>&1 &'", scratch: scratch)
        let service = try RunningService(
            ["--backend", "alsa", "--device", "null"], scratch: scratch, environment: environment)
        defer { Self.kill(containing: tag) }

        // When a sit starts and the hook's child is running
        _ = try service.client().call("sit.start", ["minutes": "0.05", "countdown": 0])
        // (The sleep itself: the hook's shell, which holds the log, has gone by then.)
        let child = try #require(
            Self.waitForProcess(containing: "sleep \(tag)", prefix: true), "the hook's child never ran")
        // Then it holds nothing but /dev/null (no socket, no event loop, no sound, no lock)
        let descriptors = Self.settledDescriptors(of: child)
        #expect(!descriptors.isEmpty)
        #expect(descriptors.allSatisfy { $0 == "/dev/null" }, "\(descriptors)")

        // And when the service is killed outright, a new one on the same socket serves at once
        service.kill9()
        let started = Date()
        try service.restart()
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(try service.client().call("status")["state"] == "idle")
        service.stop()
    }

    @Test("a hook still running when the service stops is killed with its children within a second")
    func hooksDoNotOutliveTheService() throws {
        // Given a service whose session-started hook runs a shell that sleeps for a minute in a child
        let scratch = try Scratch()
        let tag = "60.\(Int.random(in: 100_000..<1_000_000))"
        let environment = try Self.hooks(
            "session-started = 'sleep \(tag); echo done'\ntimeout = 120", scratch: scratch)
        let service = try RunningService(
            ["--backend", "alsa", "--device", "null"], scratch: scratch, environment: environment)
        defer { Self.kill(containing: tag) }
        let events = try service.subscriber()
        _ = try service.client().call("sit.start", ["minutes": "0.05", "countdown": 0])
        #expect(Self.waitForProcess(containing: tag) != nil, "the hook never ran")
        try events.waitForEvent("session-ended", timeoutMilliseconds: 20_000)

        // When the service is told to stop
        let stopped = Date()
        service.process.terminate()
        while !Self.processes(containing: tag).isEmpty && Date().timeIntervalSince(stopped) < 5 {
            Thread.sleep(forTimeInterval: 0.01)
        }
        let gone = Date().timeIntervalSince(stopped)
        let log = service.stop()

        // Then within a second no process of the hook is left, and the log says it was killed
        #expect(Self.processes(containing: tag).isEmpty)
        #expect(gone < 1, "the hook's sleep outlived the service by \(gone) s")
        #expect(log.contains("hook session-started: still running as the service stops, killed"), "\(log)")
    }

    @Test(
        "a hook's error output reaches the log line by line, 4 KiB of it at most; every protocol event may have a hook")
    func hookOutputIsBounded() throws {
        // Given a service whose session-started hook writes a line, then 10 MB, to its standard
        // error; and hooks on position and schedule-added, events of the protocol too
        let scratch = try Scratch()
        let done = scratch.path("done")
        let environment = try Self.hooks(
            """
            session-started = 'echo first line >&2; yes meditation | head -c 10000000 >&2; touch \(done)'
            position = 'true'
            schedule-added = 'true'
            timeout = 60
            """, scratch: scratch)
        let service = try RunningService(
            ["--backend", "alsa", "--device", "null"], scratch: scratch, environment: environment)

        // When a sit starts, and the hook has written it all
        _ = try service.client().call("sit.start", ["minutes": "0.05", "countdown": 0])
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: done) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
        }
        let log = service.stop()

        // Then it could write it all (nothing blocked it), the log has its first 4 KiB as lines
        // named after it, and one line saying the rest was left out
        #expect(FileManager.default.fileExists(atPath: done))
        #expect(log.contains("hook session-started: first line"), "\(log.prefix(2000))")
        let lines = log.components(separatedBy: "hook session-started: meditation").count - 1
        #expect(lines > 300 && lines < 400, "\(lines) lines of it")
        #expect(log.components(separatedBy: "more output than 4096 bytes").count - 1 == 1)
        #expect(log.utf8.count < 100_000, "a log of \(log.utf8.count) bytes")
    }

    @Test("an unknown hook in config.toml is one line naming the file, the line and the hooks there are")
    func unknownHookIsRefused() throws {
        let scratch = try Scratch()
        let config = scratch.path("config/meditate")
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "[hooks]\nsession-start = 'true'\n".write(
            toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["config", "list"], environment: ["XDG_CONFIG_HOME": scratch.path("config")])
        #expect(result.status == 78)
        #expect(
            result.stderr.hasPrefix(
                "meditate: error: \(config)/config.toml:2: no hook 'session-start'; hooks are bell,"),
            "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    /// A config.toml with `[hooks]` holding `lines`; the environment that points the service at it.
    static func hooks(_ lines: String, scratch: Scratch) throws -> [String: String] {
        let config = scratch.path("config/meditate")
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "[hooks]\n\(lines)\n".write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        return ["XDG_CONFIG_HOME": scratch.path("config")]
    }

    /// The pid of a process whose command line holds `text` (or begins with it: `prefix`), once
    /// there is one (up to 10 s).
    static func waitForProcess(containing text: String, prefix: Bool = false) -> pid_t? {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let pid = pids(containing: text, prefix: prefix).first { return pid }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return nil
    }

    /// What each open descriptor of `pid` points at.
    static func descriptors(of pid: pid_t) -> [String] {
        let folder = "/proc/\(pid)/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)") }
    }

    /// What `pid` holds once it has settled: while a program starts, the loader and setlocale
    /// open libraries and locale files for a moment each (a CI run once caught libc.so.6), so
    /// the set is read until ten reads 20 ms apart agree. A descriptor the service leaked stays
    /// in every read and is still seen.
    static func settledDescriptors(of pid: pid_t) -> [String] {
        var last = descriptors(of: pid).sorted()
        var agreeing = 0
        let deadline = Date().addingTimeInterval(5)
        while agreeing < 10 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
            let now = descriptors(of: pid).sorted()
            agreeing = now == last ? agreeing + 1 : 0
            last = now
        }
        return last
    }

    /// Ends whatever a test's hooks left running.
    static func kill(containing text: String) {
        for pid in pids(containing: text) { Foundation.kill(pid, SIGKILL) }
    }

    static func pids(containing text: String, prefix: Bool = false) -> [pid_t] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return pids.compactMap { pid in
            guard let number = pid_t(pid),
                let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
            else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            return (prefix ? line.hasPrefix(text) : line.contains(text)) ? number : nil
        }
    }

    /// The command lines of running processes that contain `text` (from /proc).
    static func processes(containing text: String) -> [String] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return pids.filter { $0.allSatisfy(\.isNumber) }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            return line.contains(text) ? line : nil
        }
    }
}
