import Decoders
import Foundation
import Mixer
import OutputTestSupport
import Outputs
import Session
import Testing
import WAVTestSupport

/// A live session's control side, played through a mock device whose clock the test moves.
@Suite("Live session, through a mock device")
struct LiveSessionMockTests {
    @Test("a pause asked for while a seek settles is carried out once the seek has been heard, not lost")
    func pauseDuringASeekWaitsForIt() throws {
        // Given a 4-second track playing through a device that gives back all but 256 of the
        // half second it holds (as PulseAudio does)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("live-mock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let track = folder.appendingPathComponent("track.wav").path
        try writeFloatWAV(
            path: track, samples: speechLikeSamples(seconds: 4, sampleRate: 48_000, channels: 2, peak: 0.5),
            sampleRate: 48_000, channels: 2)
        let output = MockOutput(bufferFrames: 24_000, guardFrames: 256)
        let session = try LiveSession(
            outline: try SessionOutline(trackFrames: 4 * 48_000, then: nil, format: .standard),
            track: TrackPlayer(
                reader: try EngineFormatReader(path: track, engineRate: 48_000), gain: 1, threaded: true),
            gong: testStrike, output: OutputOpener { output })
        try session.start()
        var events: [SessionEvent] = []
        func play(_ frames: Int, until done: () -> Bool = { false }) {
            for _ in 0..<(frames / 512) where !done() {
                // The clock moves only once the driver has filled the device again (or after a
                // while at the end), never while it takes frames back.
                output.waitUntilHolding(24_000, seconds: 0.2)
                output.play(frames: 512)
                events += session.poll()
            }
        }
        play(12_000)

        // When it seeks 2 s on and, before the seek has settled, pauses
        #expect(session.seek(byFrames: 96_000))
        #expect(session.pause())
        play(48_000) { events.contains(.paused) }

        // Then the seek was heard first, and the pause after it
        let moved = events.firstIndex { if case .moved = $0 { true } else { false } }
        let paused = events.firstIndex(of: .paused)
        #expect(moved != nil && paused != nil && (moved ?? 0) < (paused ?? 0), "\(events)")
        let timeline = session.pauses
        #expect(timeline.jumps.count == 1 && timeline.pauses.count == 1)
        #expect((timeline.pauses.first?.start ?? 0) >= (timeline.jumps.first?.streamFrame ?? .max))
        #expect(session.isPaused)
        session.end()
        play(96_000) { session.isFinished }
        #expect(session.isFinished)
        #expect(output.protocolViolations.isEmpty)
    }
}
