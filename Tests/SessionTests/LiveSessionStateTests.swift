import Decoders
import Foundation
import Mixer
import OutputTestSupport
import Outputs
import Testing
import WAVTestSupport

@testable import Session

/// The live session's own steps (a pause, a resume, a seek, an end) and what is asked while one
/// is on its way, through a mock device whose clock the test moves: each step and each
/// carried-over request as a person meets it, in the events told and what the device plays.
@Suite("Live session, its steps and what waits for them")
struct LiveSessionStateTests {
    /// A session on a mock device, played a block at a time.
    private final class Played {
        let output = MockOutput(bufferFrames: 9600, guardFrames: 256)
        let session: LiveSession
        var events: [SessionEvent] = []

        init(_ make: (OutputOpener) throws -> LiveSession) throws {
            let output = output
            session = try make(OutputOpener { output })
            try session.start()
        }

        /// Plays up to `frames`, a block at a time, until `done`.
        func play(_ frames: Int, until done: () -> Bool = { false }) {
            for _ in 0..<(frames / 512) where !done() {
                _ = output.waitUntilHolding(4800, seconds: 0.2)
                output.play(frames: 512)
                events += session.poll()
            }
        }

        func count(_ event: SessionEvent) -> Int { events.filter { $0 == event }.count }

        var gongs: [SessionPlan.Gong] {
            events.compactMap { event in
                if case let .gong(gong) = event { return gong }
                return nil
            }
        }
    }

    private static func timedSit() throws -> SessionPlan {
        try SessionPlan(configuration(minutes: "1", countdown: "0"))
    }

    private static func openSit() throws -> SessionPlan {
        var c = configuration(minutes: "1440", countdown: "0")
        c.openEnded = true
        return try SessionPlan(c)
    }

    /// A guided track of `seconds`, played on a device that gives back all but 256 frames.
    private static func track(seconds: Int, in folder: URL) throws -> (SessionOutline, TrackPlayer) {
        let path = folder.appendingPathComponent("track.wav").path
        try writeFloatWAV(
            path: path, samples: speechLikeSamples(seconds: seconds, sampleRate: 48_000, channels: 2, peak: 0.5),
            sampleRate: 48_000, channels: 2)
        let reader = try EngineFormatReader(path: path, engineRate: 48_000)
        return (
            try SessionOutline(trackFrames: seconds * 48_000, then: nil, format: .standard),
            TrackPlayer(reader: reader, gain: 1, threaded: true)
        )
    }

    /// A 4-second track played half a second, then a 1-second seek and, before it lands, a pause.
    private static func pauseWaitingForASeek(in folder: URL) throws -> Played {
        let (outline, player) = try track(seconds: 4, in: folder)
        let played = try Played { try LiveSession(outline: outline, track: player, gong: testStrike, output: $0) }
        played.play(12_000)
        #expect(played.session.seek(byFrames: 48_000))
        #expect(played.session.pause())
        return played
    }

    private static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("live-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("running → pausing → paused → resuming → running: each told once, the pause in the timeline")
    func pauseAndResume() throws {
        let played = try Played { try LiveSession(plan: Self.timedSit(), gong: testStrike, output: $0) }
        played.play(48_000)
        // When paused: paused at once to the asker, and a second pause is refused
        #expect(played.session.pause())
        #expect(played.session.isPaused)
        #expect(!played.session.pause())
        played.play(48_000) { played.count(.paused) == 1 }
        #expect(played.count(.paused) == 1 && played.session.status.phase == .paused)
        // When resumed
        played.session.resume()
        played.play(48_000) { played.count(.resumed) == 1 }
        #expect(played.count(.resumed) == 1 && !played.session.isPaused)
        #expect(played.session.pauses.pauses.count == 1)
        played.session.end()
        played.play(96_000) { played.session.isFinished }
        #expect(played.session.isFinished && played.output.protocolViolations.isEmpty)
    }

    @Test("a resume asked while the pause still fades follows it: paused, then resumed, nothing asked twice")
    func resumeDuringThePausesFade() throws {
        let played = try Played { try LiveSession(plan: Self.timedSit(), gong: testStrike, output: $0) }
        played.play(48_000)
        #expect(played.session.pause())
        played.session.resume()
        played.play(96_000) { played.count(.resumed) == 1 }
        #expect(played.events.filter { $0 == .paused || $0 == .resumed } == [.paused, .resumed], "\(played.events)")
        #expect(!played.session.isPaused)
        #expect(played.session.status.phase == .sitting)
        played.session.endPromptly()
        played.play(96_000) { played.session.isFinished }
        #expect(played.session.isFinished)
    }

    @Test("a pause waiting for a seek, then a resume before the seek lands: the pause is given up, the seek heard")
    func resumeGivesUpAPauseWaitingForASeek() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let played = try Self.pauseWaitingForASeek(in: folder)
        #expect(played.session.isPaused)
        played.session.resume()
        #expect(!played.session.isPaused)
        played.play(48_000)
        #expect(played.events.contains { if case .moved = $0 { true } else { false } }, "\(played.events)")
        #expect(played.count(.paused) == 0 && !played.session.isPaused)
        #expect(played.session.pauses.pauses.isEmpty && played.session.pauses.jumps.count == 1)
        played.session.end()
        played.play(96_000) { played.session.isFinished }
        #expect(played.session.isFinished && played.output.protocolViolations.isEmpty)
    }

    @Test("an end while a seek settles gives up the pause waiting for it, and ends early")
    func endGivesUpAPauseWaitingForASeek() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let played = try Self.pauseWaitingForASeek(in: folder)
        played.session.end()
        #expect(played.session.isEnding && !played.session.isPaused)
        played.play(96_000) { played.session.isFinished }
        #expect(played.session.isFinished)
        #expect(played.count(.endedEarly) == 1 && played.count(.paused) == 0, "\(played.events)")
    }

    @Test("an open sit asked to end while paused resumes, strikes its completion gong, and asked again rings on")
    func openSitEndedWhilePaused() throws {
        let played = try Played { try LiveSession(plan: Self.openSit(), gong: testStrike, output: $0) }
        played.play(48_000)
        #expect(played.session.pause())
        played.play(48_000) { played.count(.paused) == 1 }
        #expect(played.session.status.phase == .paused)
        // When asked to end while paused, and again
        played.session.end()
        played.session.end()
        #expect(!played.session.isEnding)
        played.play(3 * 48_000) { played.session.isFinished }
        // Then it resumed, its completion gong struck after the resume, and it is complete
        #expect(played.count(.resumed) == 1, "\(played.events)")
        let resumed = try #require(played.events.firstIndex(of: .resumed))
        let completion = try #require(
            played.events.firstIndex { if case let .gong(gong) = $0 { gong.kind == .completion } else { false } })
        #expect(resumed < completion)
        #expect(played.count(.endedEarly) == 0)
        played.play(48_000) { played.session.isFinished }
        #expect(played.session.isFinished && played.session.status.phase == .complete)
        #expect(played.output.protocolViolations.isEmpty)
    }

    @Test("an open sit asked to end while its pause still fades: paused, resumed, then its completion gong")
    func openSitEndedWhileThePauseFades() throws {
        let played = try Played { try LiveSession(plan: Self.openSit(), gong: testStrike, output: $0) }
        played.play(48_000)
        #expect(played.session.pause())
        played.session.end()
        played.play(4 * 48_000) { played.session.isFinished }
        let order = played.events.compactMap { event -> String? in
            switch event {
            case .paused: "paused"
            case .resumed: "resumed"
            case let .gong(gong) where gong.kind == .completion: "completion"
            case .endedEarly: "ended early"
            default: nil
            }
        }
        #expect(order == ["paused", "resumed", "completion"], "\(played.events)")
        #expect(played.session.isFinished && played.session.status.phase == .complete)
    }

    @Test("ending promptly during a pause's fade ends at once: no pause is told after, none may be asked")
    func endPromptlyDuringThePausesFade() throws {
        let played = try Played { try LiveSession(plan: Self.openSit(), gong: testStrike, output: $0) }
        played.play(48_000)
        #expect(played.session.pause())
        played.session.endPromptly()
        #expect(played.session.isEnding)
        #expect(!played.session.pause())
        played.play(96_000) { played.session.isFinished }
        #expect(played.session.isFinished && played.gongs.allSatisfy { $0.kind != .completion })
    }
}
