import Foundation
import Mixer
import Testing

@testable import Decoders
@testable import Session

@Suite("Streamed tracks")
struct TrackStreamerTests {
    let track = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("DecodersTests/Fixtures/lame-untagged.mp3").path

    @Test("a track streamed by the decoder thread plays through the mixer sample for sample")
    func streamedTrackMatchesDecodedFile() throws {
        // Given the decoded file, and the same file streamed by a decoder thread through a
        // ring holding only a quarter of it
        let (expected, _) = try AudioLoader.loadStereo(path: track, engineRate: 48_000)
        let reader = try EngineFormatReader(path: track, engineRate: 48_000)
        let stream = StreamSource(bufferFrames: 12_000)
        let feeder = TrackStreamer(reader: reader, stream: stream)
        feeder.start()
        defer { feeder.stop() }

        // When the mixer renders it at unity gain in small blocks, at roughly real-time pace
        let (controller, renderer) = MixerFactory.make(format: .standard)
        let id = controller.makeVoiceID()
        controller.send(
            TimedCommand(
                frame: 0,
                .play(
                    id, .stream(stream), bus: .guided, gain: 1,
                    fadeFrames: 0, curve: .linear)))
        var output: [Float] = []
        var block = [Float](repeating: 0, count: 1024 * 2)
        var ended = false
        let deadline = Date().addingTimeInterval(20)
        while !ended && Date() < deadline {
            while !stream.isFinished && stream.ring.availableToRead < block.count && Date() < deadline {
                usleep(1000)
            }
            block.withUnsafeMutableBufferPointer { renderer.render(into: $0.baseAddress!, frames: 1024) }
            output.append(contentsOf: block)
            ended = controller.drainEvents().contains { if case .voiceEnded = $0 { return true } else { return false } }
        }

        // Then every frame of the file came out in order, then silence, with no underrun
        #expect(ended)
        #expect(Array(output.prefix(expected.count)) == expected)
        #expect(output.dropFirst(expected.count).allSatisfy { $0 == 0 })
        #expect(stream.underruns == 0)
        #expect(feeder.failure == nil)
    }
}
