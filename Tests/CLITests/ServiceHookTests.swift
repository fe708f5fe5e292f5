import Control
import Foundation
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
        // And the start and end hooks ran with the event in their environment
        let written = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(written == "session-started timer 1\nsession-ended 1 true 3\n", "\(written)")
        // And each bell hook was killed at its limit, said in the log, and none is left running
        #expect(serviceLog.contains("hook bell: still running after 1 s, killed"), "\(serviceLog)")
        #expect(Self.processes(containing: tag).isEmpty, "still running: \(Self.processes(containing: tag))")
    }

    @Test("an unknown hook in config.toml is one line naming the file, the line and the hooks there are")
    func unknownHookIsRefused() throws {
        let scratch = try Scratch()
        let config = scratch.path("config/meditate")
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "[hooks]\nsession-start = 'true'\n".write(
            toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["config", "list"], environment: ["XDG_CONFIG_HOME": scratch.path("config")])
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix(
                "meditate: error: \(config)/config.toml:2: no hook 'session-start'; hooks are bell,"),
            "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
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
