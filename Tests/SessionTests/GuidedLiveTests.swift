import Decoders
import Foundation
import Mixer
import Outputs
import PulseTestSupport
import Testing
import WAVTestSupport

@testable import Session

/// A guided track then a sit, played in real time to the private PulseAudio server of
/// `make test` through ALSA's `tee` plugin, which also writes every frame played to a file.
@Suite(
    "Live guided playback: pause and seek", .serialized,
    .enabled(
        if: ProcessInfo.processInfo.environment["MEDITATE_TEST_PULSE_SINK"] != nil,
        "needs the private PulseAudio server of `make test`"))
struct GuidedLiveTests {
    let strike = testStrike

    /// A 4-second voice-like track, then half a second of gap and a 3-second sit with a bell
    /// in the middle; with the offline render of the same program.
    func outline(in folder: URL) throws -> (outline: SessionOutline, track: String, offline: [Float]) {
        let track = folder.appendingPathComponent("voice.wav").path
        try writeFloatWAV(
            path: track, samples: speechLikeSamples(seconds: 4, sampleRate: 48_000, channels: 2, peak: 0.5),
            sampleRate: 48_000, channels: 2)
        var c = SessionConfiguration()
        c.countdownSeconds = ExactDecimal(numerator: 5, denominator: 10)
        c.minutes = ExactDecimal(numerator: 5, denominator: 100)
        c.interval = ExactDecimal(numerator: 25, denominator: 1000)
        let outline = try SessionOutline(trackFrames: 4 * 48_000, then: try SessionPlan(c), format: .standard)
        var offline: [Float] = []
        try OfflineSessionRenderer(
            outline: outline, track: try EngineFormatReader(path: track, engineRate: 48_000),
            gain: 1, gong: strike
        ).render { offline.append(contentsOf: $0) }
        return (outline, track, offline)
    }

    /// Plays the program, calling `control` every few milliseconds; returns the frames played
    /// and the session's timeline.
    func play(
        _ outline: SessionOutline, track: String, in folder: URL,
        control: (LiveSession) -> Void
    ) throws -> (samples: [Float], timeline: SessionTimeline, owners: [String]) {
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let file = folder.appendingPathComponent("played.raw").path
        let player = TrackPlayer(
            reader: try EngineFormatReader(path: track, engineRate: 48_000), gain: 1, threaded: true)
        let session = try LiveSession(
            outline: outline, track: player, gong: strike,
            output: .request(
                OutputRequest(
                    backend: .alsa, device: "tee:SLAVE=pulse,FILE=\(file),FORMAT=raw", sampleRate: 48_000)))
        try session.start()
        let deadline = Date().addingTimeInterval(40)
        var owners: [String] = []
        while !session.isFinished && Date() < deadline {
            _ = session.poll()
            let coordinator = session.coordinator
            let owner =
                coordinator.owner.map { "\($0.rawValue) \(coordinator.state(of: $0).rawValue)" }
                ?? "nobody (guided \(coordinator.state(of: .guided).rawValue), timer \(coordinator.state(of: .timer).rawValue))"
            if owners.last != owner { owners.append(owner) }
            control(session)
            Thread.sleep(forTimeInterval: 0.005)
        }
        #expect(session.isFinished)
        #expect(session.trackUnderruns == 0)
        #expect(session.coordinatorError == nil)
        _ = session.poll()
        let coordinator = session.coordinator
        // The loop may already have seen the last state, if the session finished just after.
        let last =
            "nobody (guided \(coordinator.state(of: .guided).rawValue), timer \(coordinator.state(of: .timer).rawValue))"
        if owners.last != last { owners.append(last) }
        let samples = try Data(contentsOf: URL(fileURLWithPath: file))
            .withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        return (samples, session.pauses, owners)
    }

    func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("guided-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test(
        "a pause in the track holds its place: it fades out, and after the pause the track, the gap and the sit play on exactly"
    )
    func pauseHoldsTheTracksPlace() throws {
        // Given a guided track then a sit, and its offline render
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (outline, track, offline) = try outline(in: folder)

        // When it is paused 1.5 s into the track and resumed after 0.8 s of the device's frames
        var paused = false, resumed = false
        let (played, timeline, owners) = try play(outline, track: track, in: folder) { session in
            if !paused && session.status.sessionFrame >= 72_000 { paused = session.pause() }
            if !resumed, let start = session.pauses.pauses.first?.start,
                session.playedStreamFrames >= start + 38_400
            {
                session.resume()
                resumed = true
            }
        }

        // Then up to the pause it is the render; then a 300 ms fade and silence; and from 300 ms
        // after the resume on, the render again from where the pause began, to the last frame:
        // the rest of the track, the gap and every gong later by exactly the pause
        let pause = try #require(timeline.pauses.first)
        let start = pause.start, end = try #require(pause.end)
        #expect(start > 72_000 && start < outline.trackFrames)
        let fade = 48_000 * 3 / 10
        #expect(Array(played[..<(2 * start)]) == Array(offline[..<(2 * start)]))
        #expect(played[(2 * (start + fade))..<(2 * end)].allSatisfy { $0 == 0 })
        #expect(played.count == offline.count + 2 * (end - start))
        #expect(Array(played[(2 * (end + fade))...]) == Array(offline[(2 * (start + fade))...]))
        let opening = try #require(outline.startFrame) + end - start
        #expect(played[2 * opening] == strike[sample: 0] && played[2 * opening - 2] == 0)
        // And the coordinator saw the track own the audio, pause, play on, and hand the audio
        // to the timer when it ended
        #expect(
            owners == [
                "guided playing", "guided paused", "guided playing", "timer countdown", "timer sitting",
                "nobody (guided complete, timer complete)"
            ], "\(owners)")
    }

    @Test("seeking forward and back moves the track with a short cross-fade, and the sit after it moves along")
    func seekMovesTrackAndSit() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (outline, track, offline) = try outline(in: folder)

        // When it moves 1.5 s on after half a second, then 1 s back half a second later
        var forward = false, back = false
        let (played, timeline, _) = try play(outline, track: track, in: folder) { session in
            if !forward && session.status.sessionFrame >= 24_000 { forward = session.seek(byFrames: 72_000) }
            if forward && !back && session.pauses.jumps.count == 1
                && session.playedStreamFrames >= session.pauses.jumps[0].streamFrame + 24_000
            {
                back = session.seek(byFrames: -48_000)
            }
        }

        // Then the stream is the render up to the first seek, the render from 1.5 s further on
        // after a 30 ms cross-fade, then from 1 s back after the second, to the last frame
        try #require(timeline.jumps.count == 2)
        let (first, second) = (timeline.jumps[0], timeline.jumps[1])
        let fade = 48_000 * 3 / 100
        let target1 = first.streamFrame + first.by
        let target2 = timeline.sessionFrame(atStreamFrame: second.streamFrame)
        // A seek is aimed from the frame the mixer has reached when it is asked; it takes effect
        // where the mixer is once the track has been readied (a block or two later, at times),
        // so each jump is the asked length less that delay: well under 0.25 s.
        let lateness = 48_000 / 4
        #expect((72_000 - lateness)...72_000 ~= first.by, "first jump by \(first.by)")
        #expect((-48_000 - lateness)...(-48_000) ~= second.by, "second jump by \(second.by)")
        #expect(Array(played[..<(2 * first.streamFrame)]) == Array(offline[..<(2 * first.streamFrame)]))
        let between = second.streamFrame - first.streamFrame
        #expect(
            Array(played[(2 * (first.streamFrame + fade))..<(2 * second.streamFrame)])
                == Array(offline[(2 * (target1 + fade))..<(2 * (target1 + between))]))
        #expect(played.count == 2 * second.streamFrame + offline.count - 2 * target2)
        #expect(Array(played[(2 * (second.streamFrame + fade))...]) == Array(offline[(2 * (target2 + fade))...]))
    }
}
