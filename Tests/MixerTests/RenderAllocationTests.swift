import CAllocationCounter
import Decoders
import Foundation
import Session
import Testing

@testable import Mixer

@Suite("Real-time safety")
struct RenderAllocationTests {
    @Test(
        "the counter sees an allocation on its own thread",
        .enabled(if: allocation_counter_available()))
    func counterDetectsAllocations() {
        // Given counting on, when this thread allocates an array
        allocation_counter_start()
        let array = [Int](repeating: 7, count: Int.random(in: 100...200))
        let count = allocation_counter_stop()
        // Then the allocation was counted (so a zero below means something)
        #expect(array.count >= 100)
        #expect(count >= 1)
    }

    @Test(
        "rendering a busy session allocates nothing after warm-up",
        .enabled(if: allocation_counter_available()))
    func renderingDoesNotAllocate() throws {
        // Given a mixer with a noise bed fading in, overlapping gong strikes, and a streamed
        // track (fed on this control thread between renders) with a fade in and out
        let rate = 48_000
        // (the bundled bowl, loaded as a session loads it: played from the mapped file)
        let gong = try GongLoader.load(.bundled(.bowl), sampleRate: rate)
        let trackPath = fixturesFolder + "/lame-untagged.mp3"
        let streamer = TrackStreamer(
            reader: try EngineFormatReader(path: trackPath, engineRate: rate), bufferSeconds: 1)
        streamer.fill()
        let (controller, renderer) = MixerFactory.make(format: EngineFormat(sampleRate: rate))
        let noise = controller.makeVoiceID(), track = controller.makeVoiceID()
        var commands = [
            TimedCommand(
                frame: 0,
                .play(
                    noise, .noise(.pink, seed: 3), bus: .noise, gain: 0.15,
                    fadeFrames: rate, curve: .equalPower)),
            TimedCommand(
                frame: 100,
                .play(
                    track, .stream(streamer.stream), bus: .guided, gain: 0.8,
                    fadeFrames: 4800, curve: .linear)),
            TimedCommand(frame: 30_000, .stop(track, fadeFrames: 9600, curve: .equalPower)),
            TimedCommand(frame: 70_000, .setBusGain(.noise, gain: 0.5, frames: 2400, curve: .linear)),
            TimedCommand(frame: 90_000, .setMasterGain(gain: 0.9, frames: 480, curve: .linear))
        ]
        for k in 0..<12 {
            commands.append(
                TimedCommand(
                    frame: 777 + k * 7_001,
                    .play(
                        controller.makeVoiceID(), .sample(gong),
                        bus: .gongs, gain: 0.7, fadeFrames: 0,
                        curve: .linear)))
        }
        var schedule = CommandSchedule(commands)
        let block = 512
        let output = UnsafeMutablePointer<Float>.allocate(capacity: block * 2)
        defer { output.deallocate() }

        // When the render runs (warm-up: the first block), counting only inside render calls
        var allocations: Int64 = 0
        var renderedNonSilence = false
        for index in 0..<(120_000 / block) {
            schedule.feed(controller, before: renderer.frame + block + rate)
            streamer.fill()
            if index > 0 { allocation_counter_start() }
            renderer.render(into: output, frames: block)
            if index > 0 { allocations += allocation_counter_stop() }
            controller.collectGarbage()
            _ = controller.drainEvents()
            if output[0] != 0 { renderedNonSilence = true }
        }

        // Then it made sound, and not one allocation
        #expect(renderedNonSilence)
        #expect(renderer.activeVoiceCount >= 2)
        #expect(allocations == 0)
    }
}

/// The decoder fixtures, shared with the Decoders tests.
let fixturesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("DecodersTests/Fixtures").path
