import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing
import WAVTestSupport

/// `meditate` playing live: to the private PulseAudio server's null sink (recorded from its
/// monitor), and to ALSA's own file and null plugins.
@Suite("Live sessions", .serialized)
struct LiveSitTests {
    let rate = 48_000

    @Test(
        "a live session rings its start, interval and completion gongs on time on PulseAudio",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func gongsOnTimeThroughPulseAudio() throws {
        // Given the null sink's monitor being recorded
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let capture = try PulseCapture(into: scratch.path("monitor.raw"))

        // When a 15-second sit with bells every 6 seconds plays to it
        let result = try CLIRunner.run([
            "--minutes", "0.25", "--interval", "0.1", "--countdown", "1",
            "--gong", "bell", "--backend", "pulse", "--latency-ms", "300",
            "--verbose"
        ])
        Thread.sleep(forTimeInterval: 0.3)
        let samples = try capture.stop()

        // Then it exits 0, and the gongs sit 6, 12 and 15 s after the start gong (±30 ms)
        // (an underrun would leave a gap in the recording: the log says whether there was one)
        #expect(result.status == 0, "\(result.stderr)")
        let onsets = strikeOnsets(samples, rate: rate)
        try #require(onsets.count == 4, "onsets at \(onsets.map { Double($0) / Double(rate) })")
        for (onset, expected) in zip(onsets.dropFirst(), [6.0, 12.0, 15.0]) {
            let seconds = Double(onset - onsets[0]) / Double(rate)
            #expect(abs(seconds - expected) <= 0.030, "gong at \(seconds) s, planned \(expected) s; \(result.stderr)")
        }
    }

    @Test(
        "SIGTERM ends a live session within a second, exit 0, with the noise faded out",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func sigtermFadesOut() throws {
        // Given a pink-noise sit (no gong sound) playing to the recorded null sink
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let capture = try PulseCapture(into: scratch.path("monitor.raw"))
        let sit = try RunningMeditate([
            "--minutes", "1", "--countdown", "0", "--noise", "pink", "--gong-volume", "0",
            "--backend", "pulse"
        ])
        Thread.sleep(forTimeInterval: 9)

        // When it is sent SIGTERM once the bed has faded in
        let sent = Date()
        sit.process.terminate()
        sit.process.waitUntilExit()
        let took = Date().timeIntervalSince(sent)
        Thread.sleep(forTimeInterval: 0.3)
        let samples = try capture.stop()
        let log = sit.finish()

        // Then it exits 0 within a second and says how long was sat
        #expect(sit.process.terminationStatus == 0, "\(log)")
        #expect(took < 1.0, "took \(took) s")
        #expect(log.contains(/ended early: sat \d s of/), "\(log)")

        // And the end of the sound is the 120 ms fade: no step in it larger than the steady
        // bed's own, and its last 6 ms (where the gain is below 0.08) at most a tenth of the
        // bed's peak, down to near zero (a cut would stop at the bed's level)
        let first = try #require(samples.firstIndex { $0 != 0 })
        let last = try #require(samples.lastIndex { $0 != 0 })
        let steady = samples[(first + 2 * 5_200 * rate / 1000)..<(last - 2 * rate / 2)]
        let fade = samples[(last - 2 * rate * 12 / 100)...]
        #expect(steady.count > 2 * 2 * rate, "too little steady bed recorded")
        // White noise's sample-to-sample steps are bounded (its samples are uniform), and over
        // seconds of steady bed the largest sits at that bound: the fade's first milliseconds,
        // still near full gain, may reach it too (0.13474 against 0.13443, once in CI). A step
        // of the gain would go past it; 2 % is the noise's own share.
        #expect(largestJump(fade) <= largestJump(steady) * 1.02)
        let peak = { (s: ArraySlice<Float>) in s.reduce(0) { max($0, abs($1)) } }
        #expect(peak(samples[(last - 2 * rate * 6 / 1000)...last]) <= peak(steady) / 10)
        #expect(samples[(last - 19)...last].allSatisfy { abs($0) < 0.005 })
    }

    @Test(
        "a track that cannot be read past its ninth second plays those 9 s, fades, says why in one line and ends",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func trackFailingPartWay() throws {
        // Given a 12-second 440 Hz track playing to the recorded null sink
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let track = scratch.path("talk.wav")
        let tone = (0..<(12 * rate)).flatMap { frame -> [Float] in
            let value = Float(0.3 * sin(2 * Double.pi * 440 * Double(frame) / Double(rate)))
            return [value, value]
        }
        try writeFloatWAV(path: track, samples: tone, sampleRate: rate, channels: 2)
        let capture = try PulseCapture(into: scratch.path("monitor.raw"))
        let play = try RunningMeditate([
            "play", track, "--no-normalize", "--backend", "pulse", "--latency-ms", "300",
            "--library", scratch.path("data")
        ])
        play.waitForLog(containing: "playing talk")

        // When, a second into the track, the file loses everything after its ninth second (by
        // then six or seven seconds have been decoded: the server's two-second queue, the ring and
        // the decoder's own read-ahead)
        Thread.sleep(forTimeInterval: 1)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: track)[.size] as? Int)
        let file = try #require(FileHandle(forWritingAtPath: track))
        try file.truncate(atOffset: UInt64(size - 3 * rate * 8))
        try file.close()
        let log = play.finish()
        Thread.sleep(forTimeInterval: 0.3)
        let samples = try capture.stop()

        // Then the reason is one line, the session ends early after the 9 s, and exits 0
        #expect(play.process.terminationStatus == 0, "\(log)")
        let reasons = log.split(separator: "\n").filter { $0.contains("error") }
        #expect(reasons.count == 1 && reasons[0].contains("talk.wav': the file is truncated"), "\(log)")
        #expect(log.contains("ended early: sat 9 s of 12 s"), "\(log)")
        // And every frame that could be read was heard: 9 s of tone (the capture's own timing
        // ±20 ms), ending on a fade no steeper than the tone itself, not on a step
        let first = try #require(samples.firstIndex { $0 != 0 })
        let last = try #require(samples.lastIndex { $0 != 0 })
        let heard = Double(last - first) / Double(2 * rate)
        #expect(abs(heard - 9) <= 0.02, "heard \(heard) s")
        #expect(
            largestJump(samples[(last - 2 * rate / 50)...]) <= 1.05 * largestJump(samples[first..<(first + 2 * rate)]))
        #expect(abs(samples[last]) < 0.01)
    }

    @Test("a session played through ALSA's file plugin is the offline render, sample for sample")
    func alsaFileEqualsRender() throws {
        // Given an ALSA configuration with a file PCM, written by the test
        let scratch = try Scratch()
        let raw = scratch.path("played.raw")
        try writeALSACaptureDevice(home: scratch, raw: raw)
        let plan = [
            "--minutes", "0.5", "--interval", "0.2", "--countdown", "2", "--noise", "pink",
            "--strikes", "2", "--seed", "42"
        ]

        // When the plan plays to it, and is rendered offline as float
        let played = try CLIRunner.run(
            plan + ["--backend", "alsa", "--device", "meditate_capture"],
            environment: ["HOME": scratch.url.path])
        let rendered = try CLIRunner.run(["render"] + plan + ["--format", "f32", "-o", scratch.path("r.wav")])

        // Then both succeed and the played bytes are the render's samples
        #expect(played.status == 0, "\(played.stderr)")
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let playedSamples = try floats(atPath: raw)
        let renderedSamples = try wavFloats(atPath: scratch.path("r.wav"))
        #expect(playedSamples.count == renderedSamples.count)
        #expect(playedSamples == renderedSamples)
        #expect(renderedSamples.contains { $0 != 0 })
    }

    @Test("when the PulseAudio server dies mid-session, ALSA takes over at the same session frame")
    func fallsBackToALSA() throws {
        // Given a server of this test's own, and an ALSA default that writes to a file
        let scratch = try Scratch()
        let server = try PrivatePulseServer(in: scratch.url)
        let raw = scratch.path("fallback.raw")
        try """
        pcm.!default {
            type file
            slave.pcm "null"
            file "\(raw)"
            format "raw"
        }
        """.write(toFile: scratch.path(".asoundrc"), atomically: true, encoding: .utf8)
        let plan = ["--minutes", "0.2", "--countdown", "0", "--noise", "pink", "--seed", "5", "--gong", "bell"]
        let sit = try RunningMeditate(
            plan + ["--backend", "auto", "--verbose"],
            environment: ["PULSE_SERVER": "unix:\(server.socket)", "HOME": scratch.url.path])

        // When the server is killed three seconds in (a fresh null sink holds its first buffer for
        // about 1.7 s before it starts playing, so this is about a second of playback)
        Thread.sleep(forTimeInterval: 3)
        server.kill()
        let log = sit.finish()

        // Then the session completes on ALSA, and what ALSA played is the rest of the session,
        // sample for sample, after a 10 ms fade-in
        #expect(sit.process.terminationStatus == 0, "\(log)")
        #expect(log.contains("playing on ALSA default"), "\(log)")
        #expect(log.contains("complete: sat 12 s"), "\(log)")
        let rendered = try CLIRunner.run(["render"] + plan + ["--format", "f32", "-o", scratch.path("r.wav")])
        #expect(rendered.status == 0)
        let whole = try wavFloats(atPath: scratch.path("r.wav"))
        let rest = try floats(atPath: raw)
        let resumedAt = (whole.count - rest.count) / 2
        #expect(resumedAt > 48_000 / 4 && resumedAt < 4 * 48_000, "resumed at frame \(resumedAt)")
        #expect(Array(rest[960...]) == Array(whole[(2 * resumedAt + 960)...]))
        #expect(zip(rest[..<960], whole[(2 * resumedAt)...]).allSatisfy { abs($0) <= abs($1) })
    }

    @Test("a long session on a device that never waits finishes in seconds: the clock is the device's")
    func unpacedDeviceRunsAhead() throws {
        // Given three hours with bells every 7 minutes, to ALSA's null device
        let started = Date()
        let result = try CLIRunner.run([
            "--minutes", "180", "--interval", "7", "--noise", "pink",
            "--backend", "alsa", "--device", "null"
        ])
        let took = Date().timeIntervalSince(started)
        // Then it completes, every bell logged, in a small fraction of the session's length
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("completion gong"))
        #expect(result.stderr.components(separatedBy: "notice meditate: [CLI] bell ").count - 1 == 25)
        #expect(took < 180 * 60 / 20, "took \(took) s")
    }

    @Test(
        "no output that opens gives one line that names what to try, and a non-zero exit",
        arguments: [
            (["--backend", "alsa", "--device", "no_such_device"], [:]),
            (["--backend", "pulse"], ["PULSE_SERVER": "unix:/nonexistent/native"])
        ])
    func outputUnavailable(arguments: [String], environment: [String: String]) throws {
        let result = try CLIRunner.run(["--minutes", "1"] + arguments, environment: environment)
        #expect(result.status != 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("meditate: error: no sound output"))
        #expect(
            result.stderr.contains("--backend") && result.stderr.contains("--device")
                && result.stderr.contains("meditate render"))
    }

    @Test(
        "an ambience two minutes long plays as the bed with memory flat: the file is streamed, never held",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func ambienceStreamsWithFlatMemory() throws {
        // Given a 2-minute float WAV of steady noise (44 MiB: held whole, it would show in RSS)
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let file = scratch.path("rain.wav")
        try writeFloatWAV(
            path: file, samples: stationaryNoise(seconds: 120, sampleRate: rate, sigma: 0.05), sampleRate: rate,
            channels: 2)
        let capture = try PulseCapture(into: scratch.path("monitor.raw"))

        // When a 25-second sit plays it as the bed (gongs muted) and its memory is read each second
        let sit = try RunningMeditate([
            "--minutes", "0.42", "--countdown", "0", "--ambience", file, "--gong-volume", "0",
            "--noise-volume", "0.3", "--backend", "pulse", "--verbose"
        ])
        var resident: [Int] = []
        for _ in 0..<24 {
            Thread.sleep(forTimeInterval: 1)
            if let kib = residentKiB(of: sit.process.processIdentifier, program: "meditate") { resident.append(kib) }
        }
        sit.process.waitUntilExit()
        Thread.sleep(forTimeInterval: 0.3)
        let samples = try capture.stop()
        let log = sit.finish()

        // And the same sit on pink noise, its memory read the same way
        let pink = try RunningMeditate([
            "--minutes", "0.1", "--countdown", "0", "--noise", "pink", "--gong-volume", "0", "--backend", "pulse"
        ])
        var pinkResident: [Int] = []
        for _ in 0..<5 {
            Thread.sleep(forTimeInterval: 1)
            if let kib = residentKiB(of: pink.process.processIdentifier, program: "meditate") {
                pinkResident.append(kib)
            }
        }
        pink.process.waitUntilExit()
        _ = pink.finish()

        // Then it exits 0, and from its fourth second on its memory moves by less than 1 MiB
        #expect(sit.process.terminationStatus == 0, "\(log)")
        let steady = Array(resident.dropFirst(3))
        try #require(steady.count >= 15, "RSS read \(resident.count) times")
        let spread = (steady.max() ?? 0) - (steady.min() ?? 0)
        #expect(spread < 1024, "RSS from 3 s on: \(steady) KiB")
        // And it holds a few MiB more than pink noise does (the file's 44 MiB were never in memory;
        // measured: 2.3 MiB, the loudness measured first and the loop's ring and decoders)
        let pinkPeak = try #require(pinkResident.max())
        #expect((steady.max() ?? 0) - pinkPeak < 6 * 1024, "ambience \(steady) KiB, pink \(pinkResident) KiB")

        // And the bed was heard: between its fades the monitor holds steady noise, no second silent
        let first = try #require(samples.firstIndex { $0 != 0 }) / 2
        let seconds = (6..<18).map { second in
            let frames = (first + second * rate)..<(first + (second + 1) * rate)
            let sum = frames.reduce(0.0) { $0 + Double(samples[2 * $1] * samples[2 * $1]) }
            return 10 * log10(sum / Double(rate))
        }
        let loudest = seconds.max() ?? 0
        let quietest = seconds.min() ?? 0
        #expect(loudest - quietest < 1.5, "level per second: \(seconds)")
        #expect(quietest > -40, "level per second: \(seconds)")
        // And no gap: the feeder, woken by the mixer rather than a timer, kept ahead of every
        // burst the device asked for (a ring too short for them played 11 gaps in 25 s)
        #expect(log.contains("stream underruns (track, ambience): 0"), "\(log)")
        var zeros = 0
        var longestZeros = 0
        for frame in (first + 6 * rate)..<(first + 18 * rate) {
            zeros = samples[2 * frame] == 0 ? zeros + 1 : 0
            longestZeros = max(longestZeros, zeros)
        }
        #expect(longestZeros < rate / 1000, "\(longestZeros) frames of silence in a row")
    }

    @Test(
        "the PulseAudio stream names the sit, the application and its icon, and plays as music",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func streamCarriesItsNames() throws {
        // Given a sit playing to the private server
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let sit = try RunningMeditate([
            "--minutes", "1", "--countdown", "0", "--interval", "0.5", "--noise", "pink", "--backend", "pulse"
        ])
        Thread.sleep(forTimeInterval: 2)

        // When the desktop's mixer lists the streams
        let listed = try TwoRoomSinks.streamProperties()
        sit.process.terminate()
        sit.process.waitUntilExit()
        _ = sit.finish()

        // Then the stream says what plays, whose it is, its icon and its role
        for property in [
            #"media.name = "Sit · 1 min, bells every 30 s, pink noise""#,
            #"application.name = "meditate""#, #"application.id = "io.github.meditate.Meditate""#,
            #"application.icon_name = "meditate""#, #"media.role = "music""#
        ] {
            #expect(listed.contains(property), "\(property) not in:\n\(listed)")
        }
    }
}

/// An ALSA configuration in the scratch folder's .asoundrc (point HOME there) with a PCM,
/// `meditate_capture`, that writes what it is given to `raw`, unpaced.
func writeALSACaptureDevice(home: Scratch, raw: String) throws {
    try """
    pcm.meditate_capture {
        type file
        slave.pcm "null"
        file "\(raw)"
        format "raw"
    }
    """.write(toFile: home.path(".asoundrc"), atomically: true, encoding: .utf8)
}

/// Raw little-endian float32 samples.
func floats(atPath path: String) throws -> [Float] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
}

@Suite("meditate devices")
struct DevicesCommandTests {
    @Test(
        "lists the PulseAudio sinks and ALSA's outputs, the default marked; ALSA's other plugins with --all",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func listsBoth() throws {
        let result = try CLIRunner.run(["devices"])
        #expect(result.status == 0)
        // The server's default sink (the only one here) first, marked
        #expect(
            result.stdout.contains("PulseAudio (--backend pulse --device NAME):\n* meditate_test"), "\(result.stdout)")
        #expect(result.stdout.contains("ALSA (--backend alsa --device NAME):\n* default"), "\(result.stdout)")
        // A null sink and the rate converters are not outputs a person plays to: only with --all
        #expect(!result.stdout.contains("\n  null  ") && result.stdout.contains("plugins that are not outputs"))
        let all = try CLIRunner.run(["devices", "--all"])
        #expect(all.status == 0 && all.stdout.contains("\n  null  "), "\(all.stdout)")
    }

    @Test("marks no device that cannot be played to now, and says why beside it")
    func unusableDefaultsAreNotMarked() throws {
        // Given no sound server, no sound card (ALSA's `default` goes to the server here), and a
        // config.toml that plays to a FIFO no snapserver has made yet
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("meditate"), withIntermediateDirectories: true)
        let fifo = scratch.path("snapfifo")
        try "backend = \"snapcast\"\ndevice = \"\(fifo)\"\n".write(
            toFile: scratch.path("meditate/config.toml"), atomically: true, encoding: .utf8)
        let environment = [
            "XDG_CONFIG_HOME": scratch.url.path, "HOME": scratch.url.path,
            "PULSE_SERVER": "unix:" + scratch.path("no-server")
        ]

        // When the devices are listed
        let before = try CLIRunner.run(["devices"], environment: environment)

        // Then neither ALSA's default nor the FIFO is marked, and each says why
        #expect(before.status == 0, "\(before.stderr)")
        #expect(!before.stdout.contains("* "), "\(before.stdout)")
        #expect(before.stdout.contains("\n  default  "), "\(before.stdout)")
        #expect(before.stdout.contains("(cannot be opened: "), "\(before.stdout)")
        #expect(before.stdout.contains("  \(fifo)  snapserver's pipe source (no such FIFO"), "\(before.stdout)")

        // And once the FIFO is there, it is what is marked
        #expect(mkfifo(fifo, 0o600) == 0)
        let after = try CLIRunner.run(["devices"], environment: environment)
        #expect(after.stdout.contains("\n* \(fifo)  snapserver's pipe source"), "\(after.stdout)")
        #expect(!after.stdout.contains("* default"), "\(after.stdout)")
    }

    @Test(
        "names the server behind the sinks: PulseAudio itself, by its version",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func namesPulseAudio() throws {
        // Given the private PulseAudio server of `make test`, whose version pactl says
        let info = try CLIRunner.run(program: "/usr/bin/pactl", ["info"])
        let version = try #require(info.stdout.firstMatch(of: /Server Version: (\S+)/)?.1, "\(info.stdout)")
        // When its sinks are listed
        let result = try CLIRunner.run(["devices"])
        // Then its null sink is named with it
        #expect(
            result.stdout.contains("* meditate_test  Null Output  [server: PulseAudio \(version)]\n"),
            "\(result.stdout)")
    }
}
