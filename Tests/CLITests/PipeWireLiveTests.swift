import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

/// meditate on a desktop of today: PipeWire, whose pipewire-pulse serves it as PulseAudio would,
/// with its own buffering and its own clock. Each test starts a PipeWire of its own
/// (`PrivatePipeWire`), records its null sink's monitor, and stops it by its pids.
@Suite("PipeWire, live", .serialized, .enabled(if: PrivatePipeWire.available, "needs pipewire and pipewire-pulse"))
struct PipeWireLiveTests {
    let rate = 48_000

    /// Where `template` (one channel) lies in `samples` (interleaved stereo, left channel read),
    /// to the frame: the lag within `window` frames of `near` at which the two correlate most.
    private func alignment(of template: [Float], in samples: [Float], near: Int, window: Int = 480) -> Int {
        var best = near, bestScore = -Float.infinity
        for lag in (near - window)...(near + window) where lag >= 0 && 2 * (lag + template.count) <= samples.count {
            var score: Float = 0
            for (index, value) in template.enumerated() { score += value * samples[2 * (lag + index)] }
            if score > bestScore { (best, bestScore) = (lag, score) }
        }
        return best
    }

    /// The history's rows as `history --csv` writes them, header left out.
    private func historyRows(data: String) throws -> [String] {
        let result = try CLIRunner.run(["history", "--csv"], environment: ["XDG_DATA_HOME": data])
        return result.stdout.split(separator: "\n").dropFirst().map(String.init)
    }

    @Test("through PipeWire a live sit's bells come at its render's spacing, within a millisecond")
    func bellsAtTheRendersSpacing() throws {
        // Given a PipeWire of the test's own, its null sink's monitor recorded
        let scratch = try Scratch()
        let pipewire = try PrivatePipeWire(in: scratch)
        let capture = try PulseCapture(into: scratch.path("monitor.raw"), server: pipewire.server)
        let sit = ["--minutes", "0.25", "--interval", "0.1", "--countdown", "1", "--gong", "bell"]

        // When a 15-second sit with bells every 6 seconds plays to it, and is rendered too
        let played = try CLIRunner.run(
            sit + ["--backend", "pulse", "--latency-ms", "300", "--verbose"], environment: pipewire.environment)
        Thread.sleep(forTimeInterval: 0.3)
        let heard = try capture.stop()
        let rendered = try CLIRunner.run(["render"] + sit + ["--format", "f32", "-q", "-o", scratch.path("sit.wav")])
        let render = try wavFloats(atPath: scratch.path("sit.wav"))

        // Then it exits 0 having played on PipeWire's PulseAudio server
        #expect(played.status == 0 && rendered.status == 0, "\(played.stderr)\(rendered.stderr)")
        #expect(played.stderr.contains("PulseAudio"), "\(played.stderr)")
        // And each of its four strikes lies in the capture where the render's spacing puts it,
        // within 48 frames (found to the frame by correlating the render's first 100 ms of each)
        let planned = strikeOnsets(render), found = strikeOnsets(heard)
        try #require(planned.count == 4 && found.count == 4, "render \(planned), capture \(found)")
        let placed = zip(planned, found).map { plannedOnset, foundOnset in
            let template = (plannedOnset - 480..<plannedOnset + 4_320).map { render[2 * $0] }
            return alignment(of: template, in: heard, near: foundOnset - 480) + 480
        }
        for index in 1..<4 {
            let error = (placed[index] - placed[0]) - (planned[index] - planned[0])
            #expect(abs(error) <= 48, "strike \(index) is \(error) frames off the render's spacing")
        }
    }

    @Test("through PipeWire the service pauses and resumes a sit on a bed without a click, and rings a bell in it")
    func servicePausesResumesAndRings() throws {
        // Given the service on a PipeWire of the test's own, its sink recorded
        let scratch = try Scratch()
        let pipewire = try PrivatePipeWire(in: scratch)
        let service = try RunningService(
            ["--backend", "pulse", "--latency-ms", "300"], scratch: scratch, environment: pipewire.environment)
        defer { service.stop() }
        let events = try service.subscriber()
        let capture = try PulseCapture(into: scratch.path("monitor.raw"), server: pipewire.server)
        var received: [JSONValue] = []
        func next(until name: String, _ detail: String? = nil) throws {
            try events.readEvents(until: name, detail, into: &received, timeoutMilliseconds: 30_000)
        }

        // When a 24-second sit on a quiet pink bed (under which a strike stands out) is paused
        // once its bed is steady, resumed after 2 s, and a bell is rung 3 s later
        _ = try service.client().call(
            "sit.start", ["minutes": "0.4", "countdown": "0", "gong": "bell", "noise": "pink", "noise-volume": "0.03"])
        try next(until: "bell", "start")
        Thread.sleep(forTimeInterval: 9)
        _ = try service.client().call("pause")
        try next(until: "phase", "paused")
        Thread.sleep(forTimeInterval: 2)
        _ = try service.client().call("resume")
        try next(until: "phase", "sitting")
        Thread.sleep(forTimeInterval: 3)
        _ = try service.client().call("bell.ring", ["gong": "bell"])
        try next(until: "session-ended")
        Thread.sleep(forTimeInterval: 0.3)
        let samples = try capture.stop()

        // Then the sit ended complete, every bell told
        let ended = received.last { $0["event"] == "session-ended" }
        #expect(ended?["completed"] == true, "\(received.map(\.line))")
        let bells = received.filter { $0["event"] == "bell" }.compactMap { $0["bell"]?.stringValue }
        #expect(bells.contains("start") && bells.contains("completion") && bells.count == 3, "\(bells)")
        // And the capture holds the pause as one stretch of digital silence of about 2 s between
        // the start gong and the bell
        let left = stride(from: 0, to: samples.count, by: 2).map { samples[$0] }
        let onsets = strikeOnsets(samples)
        try #require(onsets.count == 3, "onsets at \(onsets.map { Double($0) / Double(rate) })")
        var longest = 0..<0, runStart: Int?
        for index in onsets[0]..<onsets[1] {
            if left[index] == 0 {
                if runStart == nil { runStart = index }
            } else if let start = runStart {
                if index - start > longest.count { longest = start..<index }
                runStart = nil
            }
        }
        let silence = Double(longest.count) / Double(rate)
        #expect(silence > 1.4 && silence < 2.6, "the pause's silence lasts \(silence) s")
        // And neither fade has a step larger than the steady bed's own: no click where the stream
        // stopped or where it opened again
        let fade = rate * 3 / 10
        let steady = (longest.lowerBound - fade - 2 * rate)..<(longest.lowerBound - fade)
        let steadyJump = largestJump(samples[(2 * steady.lowerBound)..<(2 * steady.upperBound)])
        let out = largestJump(samples[(2 * (longest.lowerBound - fade - 10))..<(2 * longest.lowerBound)])
        let back = largestJump(samples[(2 * longest.upperBound)..<(2 * (longest.upperBound + fade))])
        #expect(out <= steadyJump * 1.2 && back <= steadyJump * 1.2, "fades \(out), \(back); bed \(steadyJump)")
        // And the bell came about 3 s after the bed was back
        let bell = Double(onsets[1] - longest.upperBound) / Double(rate)
        #expect(bell > 2.5 && bell < 4, "the bell \(bell) s after the resume")
    }

    @Test(
        "PipeWire gone mid-sit and back: the sit waits, says so, rings its remaining bells on their frames and is recorded"
    )
    func pipeWireRestartedMidSit() throws {
        // Given a 12-second sit with a bell at 9 s on a PipeWire of the test's own
        let scratch = try Scratch()
        let pipewire = try PrivatePipeWire(in: scratch)
        let data = scratch.path("data")
        let sit = try LoggedMeditate(
            ["--minutes", "0.2", "--interval", "0.15", "--countdown", "0", "--gong", "bell", "--backend", "pulse"],
            environment: pipewire.environment.merging(["XDG_DATA_HOME": data]) { $1 },
            logPath: scratch.path("sit.log"))
        #expect(sit.waitForLog(containing: "start gong"), "\(sit.log)")

        // When PipeWire dies two seconds in, and is started again three seconds later
        Thread.sleep(forTimeInterval: 2)
        try pipewire.kill()
        #expect(sit.waitForLog(containing: "waits for one to come back"), "\(sit.log)")
        Thread.sleep(forTimeInterval: 3)
        try pipewire.start()
        let capture = try PulseCapture(into: scratch.path("monitor.raw"), server: pipewire.server)
        let log = sit.finish()
        Thread.sleep(forTimeInterval: 0.3)
        let samples = try capture.stop()

        // Then the sit plays on to its end, all 12 seconds of it, exits 0 and is recorded whole
        #expect(sit.process.terminationStatus == 0, "\(log)")
        #expect(log.contains("playing on PulseAudio"), "\(log)")
        #expect(log.contains("complete: sat 12 s"), "\(log)")
        #expect(try historyRows(data: data).first?.contains(",true,timer") == true, "\(log)")
        // And the new PipeWire heard the bell at 9 s and the completion gong 3 s after it (±2 ms)
        let onsets = strikeOnsets(samples)
        try #require(onsets.count == 2, "onsets at \(onsets.map { Double($0) / Double(rate) }); \(log)")
        let gap = Double(onsets[1] - onsets[0]) / Double(rate)
        #expect(abs(gap - 3) <= 0.002, "completion gong \(gap) s after the bell")
    }

    @Test(
        "in a terminal, while PipeWire is gone the status line says the sit waits for sound output, and no more once it is back"
    )
    func terminalWaitsWhilePipeWireIsGone() throws {
        // Given a sit in a terminal, on a PipeWire of the test's own
        let scratch = try Scratch()
        let pipewire = try PrivatePipeWire(in: scratch)
        let script = try PrivateTmux.script(
            ["--minutes", "1", "--countdown", "0", "--backend", "pulse", "--no-color"],
            environment: pipewire.environment.merging(["XDG_DATA_HOME": scratch.path("data")]) { $1 },
            errors: scratch.path("errors.log"), scratch: scratch)
        let tmux = try PrivateTmux(script: script, columns: 80, scratch: scratch)
        defer {
            tmux.stop()
            _ = tmux.waitForPrograms(within: 10)
        }
        let sitting = { (screen: [String]) in screen.contains { $0.contains("sitting") && $0.contains(" left") } }
        let waiting = { (screen: [String]) in screen.contains { $0.contains("(waiting for sound output)") } }
        let playing = try tmux.screen(within: 15, until: sitting)
        #expect(sitting(playing) && !waiting(playing), "\(playing)")

        // When PipeWire dies
        try pipewire.kill()
        // Then the status line says so
        let gone = try tmux.screen(within: 10, until: waiting)
        #expect(waiting(gone), "\(gone)")

        // And when it is back, it plays on and says so no more
        try pipewire.start()
        let back = try tmux.screen(within: 15) { sitting($0) && !waiting($0) }
        #expect(sitting(back) && !waiting(back), "\(back)")
        let errors = (try? String(contentsOfFile: scratch.path("errors.log"), encoding: .utf8)) ?? ""
        #expect(errors.contains("waits for one to come back"), "\(errors)")
        try tmux.send("q")
    }

    @Test("a test's PipeWire is stopped by its pids when the test lets go of it, though its scratch folder went first")
    func privatePipeWireIsStopped() throws {
        // Given a PipeWire of a test's own, whose four processes run
        var pids: [Int32] = []
        do {
            let pipewire = try PrivatePipeWire(in: try Scratch())
            pids = pipewire.pids
        }
        // When the test has let go of it (and of its scratch folder), then none of them runs
        #expect(pids.count == 4, "\(pids)")
        let running = pids.filter { pid in
            let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?
                .split(separator: ")").last?.split(separator: " ").first
            return state != nil && state != "Z"
        }
        #expect(running.isEmpty, "still running: \(running)")
    }

    @Test("meditate devices names the server behind the sinks: PipeWire's PulseAudio server by PipeWire's version")
    func devicesNamePipeWire() throws {
        // Given a PipeWire of the test's own
        let scratch = try Scratch()
        let pipewire = try PrivatePipeWire(in: scratch)
        // When its sinks are listed
        let result = try CLIRunner.run(["devices"], environment: pipewire.environment)
        // Then its null sink is named, with the server and its PipeWire version
        #expect(result.status == 0, "\(result.stderr)")
        let expected = "* meditate_test  meditate_test  [server: PulseAudio (on PipeWire \(PrivatePipeWire.version))]"
        #expect(result.stdout.contains("PulseAudio (--backend pulse --device NAME):\n" + expected), "\(result.stdout)")
    }
}
