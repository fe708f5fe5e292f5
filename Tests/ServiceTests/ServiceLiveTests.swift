import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Settings
import Testing
import WAVTestSupport

/// `meditate serve` playing in real time to the private PulseAudio server's null sink,
/// recorded from its monitor: sessions started over the socket, the service killed and
/// stopped under them.
@Suite("Service, live", .serialized)
struct ServiceLiveTests {
    let rate = 48_000

    func service(_ scratch: Scratch) throws -> RunningService {
        try RunningService(["--backend", "pulse", "--latency-ms", "300"], scratch: scratch)
    }

    @Test(
        "a sit started over the socket rings its gongs on time, and every phase and bell arrives as an event",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func sitThroughTheService() throws {
        // Given a service, a subscribed client, and the sink's monitor being recorded
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let service = try service(scratch)
        defer { service.stop() }
        let events = try service.subscriber()
        let capture = try PulseCapture(into: scratch.path("monitor.raw"))

        // When a 9-second sit with bells every 3 s is started by another client
        let started = try service.client().call(
            "sit.start", ["minutes": "0.15", "interval": "0.05", "countdown": "1", "gong": "bell"])
        var received: [JSONValue] = []
        while let event = try events.nextEvent(timeoutMilliseconds: 30_000) {
            received.append(event)
            if event["event"] == "session-ended" { break }
        }
        Thread.sleep(forTimeInterval: 0.3)
        let samples = try capture.stop()

        // Then the reply describes the sit, and the events come in the order the device played them
        #expect(started["session"]?["description"] == "9 s, bells every 3 s")
        let names = received.compactMap { event -> String? in
            guard let name = event["event"]?.stringValue else { return nil }
            if name == "phase" { return "phase:" + (event["phase"]?.stringValue ?? "?") }
            if name == "bell" { return "bell:" + (event["bell"]?.stringValue ?? "?") }
            return name
        }
        #expect(
            names == [
                "session-started", "phase:countdown", "bell:start", "phase:sitting", "bell:interval", "bell:interval",
                "bell:completion", "phase:complete", "session-recorded", "session-ended"
            ], "\(names)")
        // And the gongs sit 3, 6 and 9 s after the start gong on the capture (±30 ms)
        let onsets = strikeOnsets(samples, rate: rate)
        try #require(onsets.count == 4, "onsets at \(onsets.map { Double($0) / Double(rate) })")
        for (onset, expected) in zip(onsets.dropFirst(), [3.0, 6.0, 9.0]) {
            let seconds = Double(onset - onsets[0]) / Double(rate)
            #expect(abs(seconds - expected) <= 0.030, "gong at \(seconds) s, planned \(expected) s")
        }
        // And each bell's wall-clock instants are as far apart as its frames, within the
        // granularity of the device clock the service reads (a few PulseAudio periods)
        let instants = received.filter { $0["event"] == "bell" }.compactMap { $0["at"]?.numberValue }
        try #require(instants.count == 4)
        for (instant, expected) in zip(instants.dropFirst(), [3.0, 6.0, 9.0]) {
            #expect(abs(instant - instants[0] - expected) <= 0.15, "bell at \(instant - instants[0]) s")
        }
        // And the history holds it, complete
        let history = try service.history()
        #expect(history[0]?["completed"] == true, "\(history.line)")
        #expect(history[0]?["satSeconds"] == 9, "\(history.line)")
    }

    @Test(
        "kill -9 of the service mid-sit leaves the sit in the history as ended early, its time sat within the 4 s between writes",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func killedServiceLeavesAnHonestRecord() throws {
        // Given a one-minute sit playing in the service
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let service = try service(scratch)
        defer { service.stop() }
        let events = try service.subscriber()
        _ = try service.client().call("sit.start", ["minutes": 1, "countdown": 0, "noise": "pink"])

        // When it is killed 12 s after its start gong was played, and started again
        var startGong: Date?
        while startGong == nil, let event = try events.nextEvent(timeoutMilliseconds: 30_000) {
            if event["bell"] == "start" { startGong = Date() }
        }
        try #require(startGong != nil)
        Thread.sleep(forTimeInterval: 12)
        service.kill9()
        let sat = Date().timeIntervalSince(startGong ?? Date())
        let whileDown = try service.history()
        try service.restart()

        // Then, while it was down, the sit was in the history with the time written as it went
        // (every 4 s); and after the restart it is ended early, its time sat within those 4 s of the
        // truth (and 2 s for the event's way to this test and a busy machine)
        #expect(whileDown[0]?["completed"] == false, "\(whileDown.line)")
        let history = try service.history()
        let entries = try #require(history.arrayCount)
        #expect(entries == 1, "\(history.line)")
        #expect(history[0]?["completed"] == false)
        #expect(history[0]?["plannedSeconds"] == 60)
        let recorded = Double(history[0]?["satSeconds"]?.intValue ?? -100)
        #expect(recorded <= sat + 1 && recorded >= sat - 6, "recorded \(recorded) s of \(sat) s")
        #expect(try service.client().call("status") == ["state": "idle"])
    }

    @Test(
        "SIGTERM ends the service within a second, exit 0, the sit faded out and recorded as ended early",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func sigtermFadesOutAndRecords() throws {
        // Given a pink-noise sit (no gong sound) playing in the service, recorded
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let capture = try PulseCapture(into: scratch.path("monitor.raw"))
        let service = try service(scratch)
        _ = try service.client().call(
            "sit.start", ["minutes": 1, "countdown": 0, "noise": "pink", "gong-volume": 0])
        Thread.sleep(forTimeInterval: 8)

        // When it is sent SIGTERM once the bed has faded in
        let sent = Date()
        service.process.terminate()
        service.process.waitUntilExit()
        let took = Date().timeIntervalSince(sent)
        let log = service.stop()
        Thread.sleep(forTimeInterval: 0.3)
        let samples = try capture.stop()

        // Then it exits 0 within a second
        #expect(service.process.terminationStatus == 0, "\(log)")
        #expect(took < 1.0, "took \(took) s")
        // And the sound ends on the fade: no step larger than the bed's own, down to near zero
        let first = try #require(samples.firstIndex { $0 != 0 })
        let last = try #require(samples.lastIndex { $0 != 0 })
        let steady = samples[(first + 2 * 5_200 * rate / 1000)..<(last - 2 * rate / 2)]
        #expect(steady.count > 2 * 2 * rate, "too little steady bed recorded")
        #expect(largestJump(samples[(last - 2 * rate * 12 / 100)...]) <= largestJump(steady))
        #expect(samples[(last - 19)...last].allSatisfy { abs($0) < 0.005 })
        // And the history holds the sit, ended early, with some 8 s sat
        let history = try service.history()
        #expect(history[0]?["completed"] == false, "\(history.line)")
        let sat = history[0]?["satSeconds"]?.intValue ?? -1
        #expect((6...9).contains(sat), "sat \(sat) s")
    }
    @Test(
        "the sound server gone for seconds mid-sit: the service says so, waits, and the sit completes at its frame",
        .enabled(if: RequiredTools.installed("/usr/bin/pulseaudio"), "needs pulseaudio"))
    func outputLostAndBack() throws {
        // Given a service on a PulseAudio server of this test's own, and a subscribed client
        let scratch = try Scratch()
        let serverFolder = scratch.url.appendingPathComponent("pulse")
        try FileManager.default.createDirectory(at: serverFolder, withIntermediateDirectories: true)
        var server = try DetachedPulseServer(in: serverFolder)
        defer { server.kill() }
        let service = try RunningService(
            ["--backend", "pulse"], scratch: scratch, environment: ["PULSE_SERVER": "unix:\(server.socket)"])
        defer { service.stop() }
        let events = try service.subscriber()
        _ = try service.client().call("sit.start", ["minutes": "0.17", "countdown": 0, "gong": "bell"])

        // When the server dies two seconds after the start gong, and is back four seconds later
        var received: [JSONValue] = []
        func next(until name: String) throws {
            try events.readEvents(until: name, into: &received, timeoutMilliseconds: 30_000)
        }
        try next(until: "bell")
        Thread.sleep(forTimeInterval: 2)
        server.kill()
        try next(until: "output-lost")
        Thread.sleep(forTimeInterval: 4)
        server = try DetachedPulseServer(in: serverFolder)
        try next(until: "session-ended")

        // Then the events say the output was lost and came back, and the sit completed, all 10 s
        let names = received.compactMap { $0["event"]?.stringValue }
        #expect(names.contains("output-lost") && names.contains("output-back"), "\(names)")
        #expect(
            (names.firstIndex(of: "output-lost") ?? .max) < (names.firstIndex(of: "output-back") ?? -1), "\(names)")
        let ended = try #require(received.last)
        #expect(ended["completed"] == true, "\(ended.line)")
        #expect(ended["satSeconds"] == 10, "\(ended.line)")
        #expect(try service.client().call("status") == ["state": "idle"])
    }

    /// A tone of `seconds`, stereo 48 kHz, for a guided track, written as `name`: 440 Hz with a
    /// peak of 0.3, unless second `k` has a `frequency(k)` or a `peak(k)` of its own.
    func tone(
        seconds: Int, in scratch: Scratch, name: String = "tone.wav", frequency: (Int) -> Double = { _ in 440 },
        peak: (Int) -> Double = { _ in 0.3 }
    ) throws -> String {
        let path = scratch.path(name)
        var samples: [Float] = []
        samples.reserveCapacity(seconds * rate * 2)
        for frame in 0..<(seconds * rate) {
            let second = frame / rate
            let value = Float(peak(second) * sin(2 * Double.pi * frequency(second) * Double(frame) / Double(rate)))
            samples += [value, value]
        }
        try writeFloatWAV(path: path, samples: samples, sampleRate: rate, channels: 2)
        return path
    }

    /// Events until the session `id` has ended, each as "name" or "name:detail#id"; the names
    /// leave out a track's position, told once a second, which is not a transition.
    func follow(_ client: ControlClient, untilEnded id: Int) throws -> ([String], [JSONValue]) {
        var received: [JSONValue] = []
        while let event = try client.nextEvent(timeoutMilliseconds: 60_000) {
            received.append(event)
            if event["event"] == "session-ended" && event["id"]?.intValue == id { break }
        }
        let names = received.filter { $0["event"] != "position" }.map { event -> String in
            let name = event["event"]?.stringValue ?? "?"
            let id = event["id"]?.intValue ?? event["session"]?["id"]?.intValue ?? 0
            let detail = event["phase"]?.stringValue ?? event["action"]?.stringValue ?? event["bell"]?.stringValue
            return detail.map { "\(name):\($0)#\(id)" } ?? "\(name)#\(id)"
        }
        return (names, received)
    }

    @Test(
        "a guided track started during a sit holds the sit with a fade; the sit resumes after it, its bells later by the hold",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func trackDuringASit() throws {
        // Given a 12-second sit with a bell at 6 s playing in the service, followed by a client
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let track = try tone(seconds: 4, in: scratch)
        let service = try service(scratch)
        defer { service.stop() }
        let events = try service.subscriber()
        let capture = try PulseCapture(into: scratch.path("monitor.raw"))
        let streamsBefore = try TwoRoomSinks.streams()
        _ = try service.client().call(
            "sit.start", ["minutes": "0.2", "interval": "0.1", "countdown": 0, "gong": "bell", "noise": "white"])
        var startGong: Double?
        while let event = try events.nextEvent(timeoutMilliseconds: 30_000) {
            if event["bell"] == "start" { startGong = event["at"]?.numberValue }
            if event["phase"] == "sitting" { break }
        }

        // When, two seconds in, a 4-second track is played, asking for the sit back afterwards
        Thread.sleep(forTimeInterval: 2)
        _ = try service.client().call("play.start", ["track": .string(track), "normalize": false, "resume": true])
        Thread.sleep(forTimeInterval: 1)
        let streamsDuringTrack = try TwoRoomSinks.streams()
        let (names, received) = try follow(events, untilEnded: 1)
        Thread.sleep(forTimeInterval: 0.3)
        let samples = try capture.stop()

        // Then the sit held and the track playing share the service's one stream
        #expect(streamsDuringTrack == streamsBefore + 1, "\(streamsDuringTrack - streamsBefore) streams")

        // And the sit is held for the track, the track plays to its end, and the sit resumes
        #expect(
            names == [
                "handover:pause#1", "session-started#2", "phase:paused#1", "phase:playing#2", "phase:complete#2",
                "session-recorded#2", "session-ended#2", "handover:resume#1", "phase:sitting#1", "bell:interval#1",
                "bell:completion#1", "phase:complete#1", "session-recorded#1", "session-ended#1"
            ], "\(names)")
        // And the sit's interval bell came 6 s of sitting after its start, plus the hold (the
        // 4-second track and the fades and device latency around it)
        let interval = received.first { $0["bell"] == "interval" }?["at"]?.numberValue ?? 0
        let apart = interval - (startGong ?? 0)
        #expect(apart >= 10 && apart <= 13, "interval bell \(apart) s after the start gong")
        // And on the sink's monitor: the sit's noise fades out as the track starts, the track
        // plays, the noise fades back in, and the sit's later bells are where the offline
        // render has them (6 s and 12 s after the start gong) moved by exactly the hold
        try expectHeldAndResumed(samples, laterBells: [6, 12])
        // And both are in the history, complete: the sit with all its 12 s
        let history = try service.history()
        #expect(history.arrayCount == 2, "\(history.line)")
        #expect(history[0]?["kind"] == "timer" && history[0]?["satSeconds"] == 12, "\(history.line)")
        #expect(history[1]?["kind"] == "guided" && history[1]?["satSeconds"] == 4, "\(history.line)")
        #expect(history[0]?["completed"] == true && history[1]?["completed"] == true)
    }

    @Test(
        "a sit started during a guided track holds the track; the track resumes from its place after the sit",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func sitDuringATrack() throws {
        // Given an 8-second track playing in the service, followed by a client
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let track = try steps(seconds: 8, in: scratch)
        let service = try service(scratch)
        defer { service.stop() }
        let events = try service.subscriber()
        let capture = try PulseCapture(into: scratch.path("monitor.raw"))
        _ = try service.client().call("play.start", ["track": .string(track), "normalize": false])
        while let event = try events.nextEvent(timeoutMilliseconds: 30_000), event["phase"] != "playing" {}

        // When, three seconds in, a 3-second sit starts, asking for the track back afterwards
        Thread.sleep(forTimeInterval: 3)
        _ = try service.client().call(
            "sit.start", ["minutes": "0.05", "countdown": 0, "gong": "bell", "resume": true])
        let (names, _) = try follow(events, untilEnded: 1)
        Thread.sleep(forTimeInterval: 0.3)
        let samples = try capture.stop()

        // Then the track is held, the sit plays, and the track resumes and plays to its end
        #expect(
            names == [
                "handover:pause#1", "session-started#2", "phase:paused#1", "bell:start#2", "phase:sitting#2",
                "bell:completion#2", "phase:complete#2", "session-recorded#2", "session-ended#2",
                "handover:resume#1", "phase:playing#1", "phase:complete#1", "session-recorded#1", "session-ended#1"
            ], "\(names)")
        // And the track was heard whole: all of its 8 s are in the history, complete
        let history = try service.history()
        #expect(history[0]?["kind"] == "guided" && history[0]?["satSeconds"] == 8, "\(history.line)")
        #expect(history[0]?["completed"] == true, "\(history.line)")
        #expect(history[1]?["kind"] == "timer" && history[1]?["completed"] == true, "\(history.line)")
        // And on the sink's monitor every second of the track was heard once, in order, the
        // second it was held in going on after the sit
        try expectTrackResumedInPlace(samples, seconds: 8)
    }
}
