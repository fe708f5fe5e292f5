import Foundation
import Mixer
import Outputs
import PulseTestSupport
import Testing

@testable import Session

/// The control API of a live session, played in real time to the private PulseAudio server of
/// `make test` through ALSA's `tee` plugin, which also writes every frame played to a file.
@Suite(
    "Live session control", .serialized,
    .enabled(
        if: ProcessInfo.processInfo.environment["MEDITATE_TEST_PULSE_SINK"] != nil,
        "needs the private PulseAudio server of `make test`"))
struct LiveSessionTests {
    let strike = testStrike

    /// Half a second of countdown, then `minutes` with a bell every `interval`.
    func plan(
        noise: NoiseColor?, minutes: ExactDecimal = ExactDecimal(numerator: 1, denominator: 10),
        interval: ExactDecimal = ExactDecimal(numerator: 5, denominator: 100)
    ) throws -> SessionPlan {
        var configuration = SessionConfiguration()
        configuration.countdownSeconds = ExactDecimal(numerator: 5, denominator: 10)
        configuration.minutes = minutes
        configuration.interval = interval
        configuration.noise = noise
        configuration.seed = 3
        return try SessionPlan(configuration)
    }

    /// Plays `plan`, pausing once the sit has run for `pauseAfter` seconds and resuming 0.8 s
    /// later; returns the frames played and the session's record of the pause.
    func playWithPause(
        _ plan: SessionPlan, pauseAfter: Int = 1,
        in folder: URL
    ) throws -> (samples: [Float], pause: (start: Int, end: Int)) {
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let file = folder.appendingPathComponent("played.raw").path
        let session = try LiveSession(
            plan: plan, gong: strike,
            output: .request(
                OutputRequest(
                    backend: .alsa, device: "tee:SLAVE=pulse,FILE=\(file),FORMAT=raw", sampleRate: 48_000)))
        try session.start()
        let deadline = Date().addingTimeInterval(30)
        var paused = false, resumed = false
        while !session.isFinished && Date() < deadline {
            _ = session.poll()
            if !paused && session.status.sessionFrame >= plan.startFrame + pauseAfter * 48_000 {
                paused = session.pause()
            }
            // 0.8 s of the device's frames, not of the wall clock: a device that stalls on a
            // loaded machine must not shorten the pause below the fades the tests measure.
            if !resumed, let start = session.pauses.pauses.first?.start,
                session.playedStreamFrames >= start + 48_000 * 8 / 10
            {
                #expect(session.status.phase == .paused)
                session.resume()
                resumed = true
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        #expect(session.isFinished)
        let pause = try #require(session.pauses.pauses.first)
        let samples = try Data(contentsOf: URL(fileURLWithPath: file))
            .withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        return (samples, (pause.start, try #require(pause.end)))
    }

    @Test("pause and resume splice silence into the stream: every later gong moves by the pause, exactly")
    func pauseShiftsLaterGongs() throws {
        // Given a 6-second sit with a bell at 3 s, no noise, and its offline render
        let plan = try plan(noise: nil)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let offline = try renderToMemory(plan, gong: strike)

        // When it is played live and paused a second into the sit for 0.8 s
        let (played, pause) = try playWithPause(plan, in: scratch)

        // Then what was played is the render up to the pause, silence for the pause, then the
        // rest of the render: the bell and the completion gong later by exactly the pause
        let length = pause.end - pause.start
        #expect(length >= 48_000 * 7 / 10)
        #expect(pause.start > plan.startFrame + 48_000 && pause.start < plan.gongs[1].frame)
        let expected =
            Array(offline[..<(2 * pause.start)]) + [Float](repeating: 0, count: 2 * length)
            + Array(offline[(2 * pause.start)...])
        #expect(played.count == expected.count)
        #expect(played == expected)
        let completion = plan.completionFrame + length
        #expect(played[2 * completion] == strike[sample: 0] && played[2 * completion - 2] == 0)
    }

    @Test("a pause fades the noise bed out to silence and back in, without a step")
    func pauseFadesNoise() throws {
        // Given a 9-second sit with a pink bed, which has faded in after 3 s
        let plan = try plan(
            noise: .pink, minutes: ExactDecimal(numerator: 15, denominator: 100),
            interval: ExactDecimal(numerator: 1, denominator: 10))
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        // When it is paused 5 s into the sit and resumed
        let (played, pause) = try playWithPause(plan, pauseAfter: 5, in: scratch)

        // Then once the 300 ms fade is over the pause is exact silence, the bed is back after
        // it, the quietest 6 ms at either end of the pause stay under a tenth of the bed's peak
        // (a cut or a step would be at the bed's level), and no step within either fade is
        // larger than the bed's own (within the spread of a random bed's largest step)
        let fade = 48_000 * 3 / 10
        #expect(played[(2 * (pause.start + fade))..<(2 * pause.end)].allSatisfy { $0 == 0 })
        #expect(played[(2 * (pause.end + fade))..<(2 * (pause.end + fade + 4800))].contains { $0 != 0 })
        let bedIsSteady = plan.startFrame + plan.noiseFadeFrames
        #expect(pause.start - bedIsSteady >= 2 * 48_000)
        let steady = played[(2 * bedIsSteady)..<(2 * pause.start)]
        let peak = steady.reduce(0) { max($0, abs($1)) }
        let edge = 48_000 * 6 / 1000
        #expect(
            played[(2 * (pause.start + fade - edge))..<(2 * (pause.start + fade))].allSatisfy { abs($0) <= peak / 10 })
        #expect(played[(2 * pause.end)..<(2 * (pause.end + edge))].allSatisfy { abs($0) <= peak / 10 })
        let steadyJump = largestJump(played, channel: 0, frames: bedIsSteady..<pause.start)
        #expect(largestJump(played, channel: 0, frames: pause.start..<(pause.start + fade + 10)) <= steadyJump * 1.2)
        #expect(largestJump(played, channel: 0, frames: pause.end..<(pause.end + fade)) <= steadyJump * 1.2)
    }

    @Test("on PulseAudio a pause is heard within the sink's latency though two seconds are queued, and splices cleanly")
    func pauseTakesBackPulseQueue() throws {
        // Given a 9-second sit with a pink bed, played to the null sink while its monitor is recorded
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let plan = try plan(
            noise: .pink, minutes: ExactDecimal(numerator: 15, denominator: 100),
            interval: ExactDecimal(numerator: 1, denominator: 10))
        let capturePath = FileManager.default.temporaryDirectory.appendingPathComponent(
            "monitor-\(UUID().uuidString).raw"
        ).path
        defer { try? FileManager.default.removeItem(atPath: capturePath) }
        let capture = try PulseCapture(into: capturePath)
        let session = try LiveSession(
            plan: plan, gong: strike,
            output: .request(
                OutputRequest(
                    backend: .pulse, device: PulseCapture.sink, sampleRate: 48_000)))
        #expect(session.outputSummary.contains("target buffer 2000 ms"), "\(session.outputSummary)")

        // When it is paused 5 s into the sit and resumed after 0.8 s of the device's frames
        try session.start()
        var playedWhenAsked: Int?
        var resumed = false
        let deadline = Date().addingTimeInterval(30)
        while !session.isFinished && Date() < deadline {
            _ = session.poll()
            if playedWhenAsked == nil && session.status.sessionFrame >= plan.startFrame + 5 * 48_000 {
                playedWhenAsked = session.playedStreamFrames
                #expect(session.pause())
            }
            if !resumed, let start = session.pauses.pauses.first?.start,
                session.playedStreamFrames >= start + 48_000 * 8 / 10
            {
                session.resume()
                resumed = true
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        #expect(session.isFinished)
        Thread.sleep(forTimeInterval: 0.3)
        let captured = try capture.stop()

        // Then the fade-out began within 0.2 s of the request (the sink's 100 ms latency, the
        // rewrite's margin), not after the two seconds the server held
        let pause = try #require(session.pauses.pauses.first)
        let end = try #require(pause.end)
        let asked = try #require(playedWhenAsked)
        #expect(pause.start - asked <= 48_000 / 5, "heard \(pause.start - asked) frames after the request")
        // And what was heard has one stretch of digital silence as long as the driver says the
        // device played it, from the end of the fade-out to the start of the fade-in (within a
        // millisecond: the null sink mixes in 16 bits, where the fades' first and last few
        // frames round to zero)
        let fade = 48_000 * 3 / 10
        let left = stride(from: 0, to: captured.count, by: 2).map { captured[$0] }
        let first = try #require(left.firstIndex { $0 != 0 })
        let last = try #require(left.lastIndex { $0 != 0 })
        var longest = 0..<0, runStart: Int?
        for index in first...last {
            if left[index] == 0 {
                if runStart == nil { runStart = index }
            } else if let start = runStart {
                if index - start > longest.count { longest = start..<index }
                runStart = nil
            }
        }
        #expect(
            abs(longest.count - (end - pause.start - fade + 1)) <= 48,
            "silence of \(longest.count) frames for a pause of \(end - pause.start)")
        // And neither fade has a step larger than the bed's own: nothing of the queue taken back
        // is heard, and the fades join the frames around them
        let steady = (longest.lowerBound - fade - 2 * 48_000)..<(longest.lowerBound - fade)
        let steadyJump = largestJump(captured, channel: 0, frames: steady)
        #expect(
            largestJump(captured, channel: 0, frames: (longest.lowerBound - fade - 10)..<longest.lowerBound)
                <= steadyJump * 1.2)
        #expect(
            largestJump(captured, channel: 0, frames: longest.upperBound..<(longest.upperBound + fade))
                <= steadyJump * 1.2)
    }
}

@Suite("Session timeline")
struct SessionTimelineTests {
    @Test("stream frames map to session frames that stand still while paused")
    func mapping() {
        var timeline = SessionTimeline()
        timeline.pause(atStreamFrame: 100)
        #expect(timeline.sessionFrame(atStreamFrame: 150) == 100)
        timeline.resume(atStreamFrame: 300)
        timeline.pause(atStreamFrame: 500)
        timeline.resume(atStreamFrame: 550)
        #expect(timeline.sessionFrame(atStreamFrame: 99) == 99)
        #expect(timeline.sessionFrame(atStreamFrame: 300) == 100)
        #expect(timeline.sessionFrame(atStreamFrame: 520) == 300)
        #expect(timeline.sessionFrame(atStreamFrame: 600) == 350)
        #expect(timeline.pausedFrames == 250)
        #expect(timeline.streamFrame(atSessionFrame: 350) == 600)
    }
}
