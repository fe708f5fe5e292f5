import Clock
import Control
import Foundation
import ProgramTestSupport
import Settings
import Testing
import WAVTestSupport

/// The control protocol of a real `meditate serve` on a real socket, playing to ALSA's null
/// device (which plays as fast as it is fed): what a client that misbehaves gets, and what the
/// others get meanwhile.
@Suite("Service protocol")
struct ServiceProtocolTests {
    private func service(_ scratch: Scratch) throws -> RunningService {
        try RunningService(["--backend", "alsa", "--device", "null"], scratch: scratch)
    }

    @Test("a line that is not JSON gets a parse error, and the connection goes on")
    func malformedLineKeepsTheConnection() throws {
        // Given a service and a client
        let scratch = try Scratch()
        let service = try service(scratch)
        defer { service.stop() }
        let client = try service.client()

        // When the client sends a line that is not JSON, then a request
        try client.send("{this is not json")
        let reply = try client.readMessage(until: MonotonicClock.seconds() + 10)
        let hello = try client.call("hello")

        // Then the first gets error -32700 with a null id, and the request is answered
        #expect(reply["error"]?["code"] == -32700)
        #expect(reply["id"] == .null)
        #expect(hello["protocol"] == 1)
        #expect(hello["service"] == "meditate")
    }

    @Test("a line of deeply nested values is refused at once, and another client is answered meanwhile")
    func deepNestingIsRefusedAtOnce() throws {
        // Given a service, a client, and a line of 64 KB holding 32 values of 2 KB nested 250 deep
        // (each took 0.85 s to decode; the line held the event loop for 26 s)
        let scratch = try Scratch()
        let service = try service(scratch)
        defer { service.stop() }
        let client = try service.client()
        let other = try service.client()
        let value = String(repeating: #"{"a":["#, count: 125) + "1" + String(repeating: "]}", count: 125)
        let values = Array(repeating: value, count: 32).joined(separator: ",")
        let line = #"{"jsonrpc":"2.0","id":1,"method":"status","params":{"x":["# + values + "]}}"
        #expect(line.utf8.count < 64 * 1024)

        // When it is sent, and the other client asks for the status right after
        let sent = MonotonicClock.seconds()
        try client.send(line)
        let status = try other.call("status")
        let answered = MonotonicClock.seconds() - sent
        let reply = try client.readMessage(until: sent + 10)
        let refused = MonotonicClock.seconds() - sent

        // Then the line gets a parse error naming the depth, and both answers come at once
        // (the bound is loose for a shared machine: before, they took 26 s)
        #expect(reply["error"]?["code"] == -32700)
        #expect(reply["error"]?["message"] == "nested deeper than 32 levels")
        #expect(status == ["state": "idle"])
        #expect(refused < 0.5, "refused after \(refused) s")
        #expect(answered < 0.5, "status answered after \(answered) s")

        // And a line as deep as is allowed, filling 64 KB, is read just as quickly
        let allowed = String(repeating: #"{"a":["#, count: 14) + "1" + String(repeating: "]}", count: 14)
        let wide = Array(repeating: allowed, count: 500).joined(separator: ",")
        let start = MonotonicClock.seconds()
        try client.send(#"{"jsonrpc":"2.0","id":2,"method":"status","params":{"x":["# + wide + "]}}")
        let wideReply = try client.readMessage(until: start + 10)
        #expect(wideReply["result"] == ["state": "idle"])
        #expect(MonotonicClock.seconds() - start < 0.5, "a wide line took \(MonotonicClock.seconds() - start) s")
    }

    @Test(
        "1100 idle connections under a limit of 1024 descriptors: the service stays idle, and answers once some close")
    func connectionsBeyondTheDescriptorLimitCostNothing() throws {
        // Given a service allowed 1024 descriptors, and room for 1100 more in this process
        var own = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &own)
        if own.rlim_cur < 4096 && own.rlim_max >= 4096 {
            own.rlim_cur = 4096
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &own)
        }
        let scratch = try Scratch()
        let service = try RunningService(
            ["--backend", "alsa", "--device", "null"], scratch: scratch, launcher: ["/usr/bin/prlimit", "--nofile=1024"]
        )
        defer { service.stop() }
        let pid = service.process.processIdentifier

        // When 1100 clients connect and say nothing
        var idle: [RawUnixSocket] = []
        for _ in 0..<1100 {
            guard let connection = try? RawUnixSocket(path: service.socket) else { break }
            idle.append(connection)
        }
        #expect(idle.count > 900, "only \(idle.count) connected")
        Thread.sleep(forTimeInterval: 0.5)
        let before = try #require(Self.cpuSeconds(of: pid))
        Thread.sleep(forTimeInterval: 5)
        let used = try #require(Self.cpuSeconds(of: pid)) - before

        // Then the service uses (almost) no CPU meanwhile
        #expect(used < 0.1, "\(used) s of CPU in 5 s")
        // And once some of them close, a client is answered
        idle.removeFirst(200)
        var answered: JSONValue?
        let deadline = Date().addingTimeInterval(10)
        while answered == nil && Date() < deadline {
            answered = try? service.client().call("status", timeoutMilliseconds: 1000)
        }
        #expect(answered == ["state": "idle"])
    }

    /// User and system CPU time of `pid` so far, from /proc.
    static func cpuSeconds(of pid: pid_t) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        // After the name: state is field 3, utime 14, stime 15 (1-based over the whole line).
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    @Test("a line over 64 KiB is refused and its connection closed; other clients are served")
    func longLineClosesTheConnection() throws {
        // Given a service and a client
        let scratch = try Scratch()
        let service = try service(scratch)
        defer { service.stop() }
        let client = try service.client()

        // When the client sends a line of 1 MiB
        // (the service may close before it has all been sent)
        try? client.send(String(repeating: "x", count: 1 << 20))

        // Then it is told why, and the connection is closed
        var messages: [JSONValue] = []
        var closed = false
        while !closed {
            do {
                messages.append(try client.readMessage(until: MonotonicClock.seconds() + 10))
            } catch ControlError.connectionLost {
                closed = true
            }
        }
        #expect(messages.count == 1)
        #expect(messages.first?["error"]?["code"] == -32600)
        // And another client is answered
        #expect(try service.client().call("status") == ["state": "idle"])
    }

    @Test("an unknown method, a bad option and a pause with nothing playing are refused with one line")
    func refusals() throws {
        // Given an idle service
        let scratch = try Scratch()
        let service = try service(scratch)
        defer { service.stop() }
        let client = try service.client()

        // When a client calls an unknown method, starts a sit with a bad length, and pauses
        let unknown = client.refusal("nope")
        let badMinutes = client.refusal("sit.start", ["minutes": "abc"])
        let unknownOption = client.refusal("sit.start", ["bogus": 3])
        let pause = client.refusal("pause")
        let cli = try CLIRunner.run(["sit", "--minutes", "abc"])

        // Then each is an error with its code, and the bad length says what the CLI says
        #expect(unknown?.code == -32601)
        #expect(badMinutes?.code == -32602)
        #expect("meditate: error: \(badMinutes?.message ?? "")\n" == cli.stderr)
        #expect(unknownOption?.code == -32602)
        #expect(unknownOption?.message.contains("--bogus") == true)
        #expect(pause?.code == -32000)
        #expect(pause?.message == "nothing is playing")
        // And the service is still idle
        #expect(try client.call("status") == ["state": "idle"])
    }

    @Test(
        "a gong, ambience or track path that is not playable audio gets one reason, whatever is there: missing, a folder, text"
    )
    func unplayableGongPathsAreRefusedAlike() throws {
        // Given an idle service, and a text file and a folder it can read
        let scratch = try Scratch()
        let service = try service(scratch)
        defer { service.stop() }
        let client = try service.client()
        let text = scratch.path("notes.txt")
        try "not a gong\n".write(toFile: text, atomically: true, encoding: .utf8)
        let paths = [scratch.path("missing.wav"), scratch.path("data"), text, "/dev/null", "/etc/passwd"]

        // When a bell and a sit are asked for with each as the gong (and a sit with it as its
        // ambience, a track and a scheduled track with it as the file)
        for path in paths {
            let bell = client.refusal("bell.ring", ["gong": .string(path)])
            let sit = client.refusal("sit.start", ["minutes": 1, "gong": .string(path)])
            let bed = client.refusal("sit.start", ["minutes": 1, "ambience": .string(path)])
            let track = client.refusal("play.start", ["track": .string(path)])
            let scheduled = client.refusal(
                "schedule.add", ["action": "play", "at": "06:00", "options": ["track": .string(path)]])
            let scheduledBed = client.refusal(
                "schedule.add", ["action": "sit", "at": "06:00", "options": ["ambience": .string(path)]])

            // Then each is refused with the same words, which say nothing of what is there
            let expected = "'\(path)': not a playable audio file (MP3, WAV, FLAC, Ogg, AIFF)"
            #expect(bell?.message == expected, "\(path): \(bell?.message ?? "accepted")")
            #expect(sit?.message == expected, "\(path): \(sit?.message ?? "accepted")")
            for (what, refused) in [
                ("ambience", bed), ("track", track), ("scheduled track", scheduled), ("scheduled bed", scheduledBed)
            ] {
                #expect(refused?.message == expected, "\(what) \(path): \(refused?.message ?? "accepted")")
            }
        }
        // And a title the library does not have is still said to be one
        let title = client.refusal("play.start", ["track": "thunder"])
        #expect(title?.message.contains("no track 'thunder' in the library") == true, "\(title?.message ?? "")")
        // And the command line, whose person may look, still says why
        let local = try CLIRunner.run(["render", "--minutes", "0.1", "--gong", scratch.path("data"), "-o", text])
        #expect(local.stderr.contains("it is a directory"), "\(local.stderr)")
        #expect(try client.call("status") == ["state": "idle"])
    }

    @Test("under LANG=de_DE.UTF-8 the service's log says a sit's phases in German")
    func logSaysPhasesInGerman() throws {
        // Given a service in German
        let scratch = try Scratch()
        let service = try RunningService(
            ["--backend", "alsa", "--device", "null"], scratch: scratch,
            environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""])
        defer { service.stop() }
        // When a short sit plays to its end (on ALSA's null device, at once)
        _ = try service.client().call("sit.start", ["minutes": 0.05, "countdown": 0])
        // Then its completion is said in German ("3 s: fertig"), and no phase in English
        let log = service.waitForLog(containing: "3 s: fertig")
        #expect(log.contains("3 s: fertig"), "\(log)")
        for english in ["countdown", "sitting", "complete", "ended"] {
            #expect(!log.contains(": \(english)\n"), "\(log)")
        }
    }

    @Test("a track with a sit after it on a bed names the bed in its description, as a sit does")
    func trackWithABedNamesIt() throws {
        // Given an idle service, a one-second track and a seven-second bed outside the library
        let scratch = try Scratch()
        let service = try service(scratch)
        defer { service.stop() }
        let track = scratch.path("Morning.wav"), bed = scratch.path("Rain.wav")
        try writeSineWAV(path: track, frames: 48_000, sampleRate: 48_000, frequency: 440, amplitude: 0.1)
        try writeSineWAV(path: bed, frames: 7 * 48_000, sampleRate: 48_000, frequency: 220, amplitude: 0.1)
        // When the track is played with a sit after it on the bed
        let started = try service.client().call(
            "play.start", ["track": .string(track), "then": 0.05, "ambience": .string(bed)])
        // Then its description names the track, the sit and the bed
        #expect(started["session"]?["description"] == "Morning, then a 3 s sit, ambience Rain", "\(started)")
    }

    @Test("an unplayable bed or track named by a path of thousands of letters is quoted short in its refusal")
    func longUnplayablePathIsQuotedShort() throws {
        // Given an idle service, and a path of 30,000 letters that names nothing
        let scratch = try Scratch()
        let service = try service(scratch)
        defer { service.stop() }
        let client = try service.client()
        let path = "/" + String(repeating: "long/", count: 6000)
        // When a sit asks for it as its bed, and a track as its file
        let bed = client.refusal("sit.start", ["minutes": 1, "ambience": .string(path)])
        let track = client.refusal("play.start", ["track": .string(path)])
        // Then each refusal quotes its start and end only, as any long value is
        let expected = "'\(path.prefix(200))…\(path.suffix(50))': not a playable audio file (MP3, WAV, FLAC, Ogg, AIFF)"
        #expect(bed?.message == expected, "\(bed?.message.prefix(200) ?? "accepted")")
        #expect(track?.message == expected, "\(track?.message.prefix(200) ?? "accepted")")
    }

    @Test("sit.start: a negative length is refused as one, and a standing interval is turned off with null or none")
    func negativeLengthAndNoInterval() throws {
        // Given a service whose config.toml rings a bell every 5 minutes
        let scratch = try Scratch()
        let config = scratch.path("config/meditate")
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "interval = 5\n".write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        let service = try RunningService(
            ["--backend", "alsa", "--device", "null"], scratch: scratch,
            environment: ["XDG_CONFIG_HOME": scratch.path("config")])
        defer { service.stop() }
        let client = try service.client()

        // When a sit of -1 minutes is asked for, then one of 3 minutes with nothing said of bells
        let negative = client.refusal("sit.start", ["minutes": -1])
        let standing = client.refusal("sit.start", ["minutes": 3])
        // Then the first is refused for its length, the second naming where the interval is set
        #expect(negative?.code == -32602)
        #expect(negative?.message == "--minutes must be greater than 0 (got -1)")
        #expect(
            standing?.message
                == "interval = 5 (\(config)/config.toml:1) is not shorter than this 3-minute sit; --interval none sits without bells"
        )

        // When the interval is turned off for this sit, as null and as "none"
        for off in [JSONValue.null, "none"] {
            let started = try client.call("sit.start", ["minutes": 3, "countdown": 0, "interval": off])
            // Then the sit starts, and its description has no bells
            #expect(started["session"]?["description"] == "3 min", "\(started.line)")
            _ = try? client.call("stop")
            while try client.call("status")["state"] != "idle" { Thread.sleep(forTimeInterval: 0.05) }
        }
    }

    @Test(
        "100 subscribers get every event of a sit in the same order, while a client that never reads is dropped")
    func manySubscribersAndOneThatNeverReads() throws {
        // Given a service, 100 subscribed clients, and one client that sends 20 000 requests
        // and reads none of the replies
        let scratch = try Scratch()
        let service = try service(scratch)
        defer { service.stop() }
        let subscribers = try (0..<100).map { _ in try service.subscriber() }
        let flooder = try service.client()
        let status = RPCRequest(id: 1, method: "status").line
        // 5 MB of replies (the bound is 1 MiB); once its connection is closed, sends fail.
        for _ in 0..<100_000 { try? flooder.send(status) }

        // When a sit with bells plays (on the null device, in well under its length)
        let control = try service.client()
        _ = try control.call(
            "sit.start", ["minutes": "0.5", "interval": "0.1", "countdown": "0", "noise": "pink"])

        // Then every subscriber sees the same events, ending with the session's end
        var sequences: [[JSONValue]] = []
        for subscriber in subscribers {
            var events: [JSONValue] = []
            while let event = try subscriber.nextEvent(timeoutMilliseconds: 30_000) {
                events.append(event)
                if event["event"] == "session-ended" { break }
            }
            sequences.append(events)
        }
        let names = sequences[0].compactMap { $0["event"]?.stringValue }
        #expect(names.first == "session-started")
        #expect(names.last == "session-ended")
        #expect(names.filter { $0 == "bell" }.count == 6, "\(names)")
        #expect(names.contains("session-recorded"))
        #expect(sequences.allSatisfy { $0 == sequences[0] })
        // And the client that never read lost its connection before its replies piled up
        var replies = 0
        while (try? flooder.readMessage(until: MonotonicClock.seconds() + 5)) != nil { replies += 1 }
        #expect(replies < 100_000)
        // And the service kept its memory bounded, and answers
        // (ThreadSanitizer's shadow memory multiplies a process's size: no bound there)
        let peak = try peakResidentMiB(of: service.process.processIdentifier)
        #expect(peak < 64 || underThreadSanitizer, "peak RSS \(peak) MiB")
        #expect(try service.client().call("status") == ["state": "idle"])
        withExtendedLifetime((subscribers, flooder, control)) {}
    }

    @Test("a client that sends far faster than it is answered is read only as fast: what waits for it stays bounded")
    func floodIsReadAtTheServicesPace() throws {
        // Given a service, and a client that writes 30 000 requests (each `stats`, a tenth of a
        // millisecond or more of the service's time) from one thread as fast as its socket
        // takes them, and counts the replies on another
        let scratch = try Scratch()
        let service = try service(scratch)
        defer { service.stop() }
        let total = underThreadSanitizer ? 1_000 : 30_000
        let batch = 100
        let lines = Array(
            repeating: RPCRequest(id: 1, method: "stats").line + "\n", count: batch
        ).joined()
        let ledger = FloodLedger()
        let flooder = try RawUnixSocket(path: service.socket)
        let finished = DispatchSemaphore(value: 0)

        // When it floods
        Thread.detachNewThread {
            for _ in 0..<(total / batch) {
                guard (try? flooder.send(Array(lines.utf8))) != nil else { break }
                ledger.wrote(batch)
            }
            finished.signal()
        }
        Thread.detachNewThread {
            flooder.readLines(total) { ledger.answer() }
            finished.signal()
        }
        let ended = [finished.wait(timeout: .now() + 300), finished.wait(timeout: .now() + 300)]

        // Then every request was answered, and the service never took in much more than it
        // had answered: what the sockets' buffers hold (some thousands of such lines) and its
        // own bound. A service that read ahead would have taken nearly all of them at once.
        #expect(ended == [.success, .success])
        #expect(ledger.answers == total)
        // (Under ThreadSanitizer, which runs this for its threads, a few all fit in the buffers.)
        #expect(
            ledger.widest < total / 2 || underThreadSanitizer,
            "\(ledger.widest) requests were written and not yet answered")
        // And its memory stayed bounded (ThreadSanitizer's shadow memory multiplies a
        // process's size: no bound there), and others are answered
        let peak = try peakResidentMiB(of: service.process.processIdentifier)
        #expect(peak < 64 || underThreadSanitizer, "peak RSS \(peak) MiB")
        #expect(try service.client().call("status") == ["state": "idle"])
    }

    @Test(
        "SIGTERM the moment a session has ended, with a schedule that lets the service sleep a minute: it exits at once"
    )
    func sigtermAsASessionEnds() throws {
        // Given an idle service with a schedule hours away (its sleep is then a minute long)
        let scratch = try Scratch()
        let service = try service(scratch)
        defer { service.stop() }
        let hours = Date().addingTimeInterval(6 * 3600)
        _ = try service.client().call(
            "schedule.add", ["action": "bell", "at": .string(ServiceLiveTests.clockText(hours.timeIntervalSince1970))])
        let events = try service.subscriber()
        // When a sit ends (the null device plays it at once) and SIGTERM comes as it is told,
        // while the service is still finishing it (the record, the events)
        _ = try service.client().call("sit.start", ["minutes": "0.05", "countdown": 0])
        try events.waitForEvent("session-ended", timeoutMilliseconds: 10_000)
        let sent = Date()
        service.process.terminate()
        // Then it has exited within a second, not after its sleep (the instrumented build of
        // the TSan phase takes longer to wind down; its bound still tells a second from a minute)
        while service.process.isRunning && Date().timeIntervalSince(sent) < 10 { Thread.sleep(forTimeInterval: 0.01) }
        let took = Date().timeIntervalSince(sent)
        #expect(took < (underThreadSanitizer ? 5 : 1), "exited \(took) s after SIGTERM")
    }

    @Test("an event that has arrived is taken with a timeout of 0, without waiting")
    func eventTakenWithoutWaiting() throws {
        // Given a subscriber, and a bell rung by another client whose event has had time to come
        let scratch = try Scratch()
        let service = try service(scratch)
        defer { service.stop() }
        let events = try service.subscriber()
        _ = try service.client().call("bell.ring")
        Thread.sleep(forTimeInterval: 0.5)
        // When the subscriber looks without waiting
        let event = try events.nextEvent(timeoutMilliseconds: 0)
        // Then it has the bell
        #expect(event?["event"] == "bell", "\(event?.line ?? "nothing")")
    }

}

/// Whether this test process (and so the `meditate` built beside it) runs under ThreadSanitizer.
let underThreadSanitizer = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil

/// The peak resident memory of a process (VmHWM), in MiB.
func peakResidentMiB(of pid: Int32) throws -> Double {
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kib = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return .infinity }
    return kib / 1024
}
