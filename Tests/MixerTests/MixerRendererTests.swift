import Testing

@testable import Mixer

/// Renders `frames` frames of a fresh mixer after sending `commands`, in blocks of `block`.
func renderMixer(
    frames: Int, block: Int = 4096, rate: Int = 48_000,
    _ commands: (MixerController) -> [TimedCommand]
) -> [Float] {
    let (controller, renderer) = MixerFactory.make(format: EngineFormat(sampleRate: rate))
    var schedule = CommandSchedule(commands(controller))
    var output: [Float] = []
    output.reserveCapacity(frames * 2)
    let driver = OfflineDriver(controller: controller, renderer: renderer, blockFrames: block)
    try? driver.run(&schedule, totalFrames: frames) { output.append(contentsOf: $0) }
    return output
}

@Suite("Mixer rendering")
struct MixerRendererTests {
    let click = SampleBuffer(interleavedStereo: [0.5, -0.5, 0.25, -0.25])

    @Test(
        "a voice scheduled inside a block writes its first sample at exactly its frame",
        arguments: [0, 1, 1000, 4095, 4096, 4097, 12_345])
    func voiceStartsOnItsFrame(frame: Int) {
        // Given a two-frame sound scheduled at `frame`, rendered in 4096-frame blocks
        let output = renderMixer(frames: 16_384) { controller in
            [
                TimedCommand(
                    frame: frame,
                    .play(
                        controller.makeVoiceID(), .sample(click), bus: .gongs,
                        gain: 1, fadeFrames: 0, curve: .linear))
            ]
        }
        // Then everything before `frame` is zero and the sound sits exactly at `frame`
        let firstNonZero = output.firstIndex { $0 != 0 }.map { $0 / 2 }
        #expect(firstNonZero == frame)
        #expect(Array(output[(frame * 2)..<(frame * 2 + 4)]) == [0.5, -0.5, 0.25, -0.25])
        #expect(output[(frame * 2 + 4)...].allSatisfy { $0 == 0 })
    }

    /// Keeps borrowed 16-bit samples alive, as a mapped file does.
    final class Int16Samples: @unchecked Sendable {
        let values: UnsafeMutableBufferPointer<Int16>
        init(_ source: [Int16]) {
            values = .allocate(capacity: source.count)
            _ = values.initialize(from: source)
        }
        deinit { values.deallocate() }
    }

    @Test("16-bit samples mix exactly as their Float32 values do, through fades and bus gains")
    func int16SamplesMixAsTheirFloats() {
        // Given the same 3000 frames as 16-bit samples and as the floats they stand for (x/32768),
        // played with a fade in, at a bus gain that ramps, and stopped with a fade
        let raw = (0..<6000).map { Int16(truncatingIfNeeded: ($0 &* 7919) % 65_536 - 32_768) }
        let kept = Int16Samples(raw)
        let mapped = SampleBuffer(int16Stereo: UnsafeBufferPointer(kept.values), keptBy: kept)
        let floats = SampleBuffer(interleavedStereo: raw.map { Float($0) / 32768 })
        func render(_ sound: SampleBuffer) -> [Float] {
            renderMixer(frames: 4000, block: 512) { controller in
                let id = controller.makeVoiceID()
                return [
                    TimedCommand(
                        frame: 10,
                        .play(
                            id, .sample(sound), bus: .gongs, gain: 0.7,
                            fadeFrames: 700, curve: .equalPower)),
                    TimedCommand(frame: 900, .setBusGain(.gongs, gain: 0.4, frames: 300, curve: .linear)),
                    TimedCommand(frame: 2000, .stop(id, fadeFrames: 500, curve: .linear))
                ]
            }
        }
        // When both are rendered
        let fromInt16 = render(mapped), fromFloat = render(floats)
        // Then every output sample is the same, bit for bit, and not silence
        #expect(fromInt16 == fromFloat)
        #expect(fromInt16.contains { $0 != 0 })
        #expect(mapped[sample: 1] == Float(raw[1]) / 32768)
    }

    @Test("two gongs scheduled in the same block both start on their frames")
    func twoStartsInOneBlock() {
        let output = renderMixer(frames: 8192) { controller in
            [100, 101].map {
                TimedCommand(
                    frame: $0,
                    .play(
                        controller.makeVoiceID(), .sample(click),
                        bus: .gongs, gain: 1, fadeFrames: 0, curve: .linear))
            }
        }
        #expect(output[200] == 0.5)
        #expect(output[202] == 0.25 + 0.5)
        #expect(output[204] == 0.25)
    }

    @Test("a stopped noise voice fades to exact zero and ends on the frame its fade ends")
    func stopFadesToZero() {
        // Given noise from frame 0, stopped at 1000 with a 480-frame fade
        let output = renderMixer(frames: 4096) { controller in
            let id = controller.makeVoiceID()
            return [
                TimedCommand(
                    frame: 0,
                    .play(
                        id, .noise(.white, seed: 1), bus: .noise,
                        gain: 1, fadeFrames: 0, curve: .linear)),
                TimedCommand(frame: 1000, .stop(id, fadeFrames: 480, curve: .linear))
            ]
        }
        // Then frames 1000–1479 fade and 1480 on are exactly zero
        #expect(output[(999 * 2)...(1479 * 2)].contains { $0 != 0 })
        #expect(output[(1480 * 2)...].allSatisfy { $0 == 0 })
    }

    @Test(
        "a noise bed gives the same samples in any block size, through its fades and volume changes",
        arguments: [NoiseColor.white, .pink, .brown])
    func noiseIndependentOfBlockSize(color: NoiseColor) {
        // Given noise at a volume that fades in, changes, and fades out, with a gong on top and a
        // change of the noise bus's gain
        func render(block: Int) -> [Float] {
            renderMixer(frames: 20_000, block: block) { controller in
                let noise = controller.makeVoiceID()
                return [
                    TimedCommand(
                        frame: 5,
                        .play(
                            noise, .noise(color, seed: 3), bus: .noise, gain: 0.15,
                            fadeFrames: 2_001, curve: .equalPower)),
                    TimedCommand(
                        frame: 3_000,
                        .play(
                            controller.makeVoiceID(), .sample(click), bus: .gongs,
                            gain: 1, fadeFrames: 0, curve: .linear)),
                    TimedCommand(frame: 7_777, .setVoiceGain(noise, gain: 0.4, frames: 999, curve: .linear)),
                    TimedCommand(frame: 11_000, .setBusGain(.noise, gain: 0.5, frames: 1_500, curve: .linear)),
                    TimedCommand(frame: 15_000, .stop(noise, fadeFrames: 3_001, curve: .equalPower))
                ]
            }
        }
        // When it is rendered in blocks of 4096 frames, 1024, and odd sizes that split every fade
        let whole = render(block: 4096)
        // Then every sample is the same, bit for bit, and the bed is heard
        for block in [1024, 333, 7] {
            let split = render(block: block)
            let firstDifference = split.indices.first { $0 < whole.count && split[$0] != whole[$0] }.map { $0 / 2 }
            #expect(firstDifference == nil, "in blocks of \(block), frame \(firstDifference ?? 0) differs")
            #expect(split.count == whole.count)
        }
        #expect(whole[(10_000 * 2)..<(10_100 * 2)].contains { $0 != 0 })
    }

    @Test("a streamed voice plays its frames in order, then silence, and counts an underrun")
    func streamUnderrun() {
        // Given a stream holding 100 frames and not finished
        let stream = StreamSource(bufferFrames: 1024)
        let frames = (0..<200).map { Float($0 + 1) / 1000 }
        frames.withUnsafeBufferPointer { _ = stream.write(frames: $0) }
        let output = renderMixer(frames: 256, block: 256) { controller in
            [
                TimedCommand(
                    frame: 10,
                    .play(
                        controller.makeVoiceID(), .stream(stream), bus: .guided,
                        gain: 1, fadeFrames: 0, curve: .linear))
            ]
        }
        // Then its samples start at frame 10, silence follows, and the dry ring was counted
        #expect(Array(output[20..<220]) == frames)
        #expect(output[220...].allSatisfy { $0 == 0 })
        #expect(stream.underruns == 1)
    }

    @Test("a finished stream ends its voice without counting an underrun")
    func finishedStreamEnds() {
        let stream = StreamSource(bufferFrames: 64)
        [Float](repeating: 0.5, count: 20).withUnsafeBufferPointer { _ = stream.write(frames: $0) }
        stream.finish()
        let (controller, renderer) = MixerFactory.make(format: .standard)
        let id = controller.makeVoiceID()
        controller.send(
            TimedCommand(
                frame: 0,
                .play(
                    id, .stream(stream), bus: .guided, gain: 1,
                    fadeFrames: 0, curve: .linear)))
        var buffer = [Float](repeating: 0, count: 128)
        buffer.withUnsafeMutableBufferPointer { renderer.render(into: $0.baseAddress!, frames: 64) }
        #expect(controller.drainEvents() == [.voiceEnded(id, frame: 10)])
        #expect(stream.underruns == 0)
        #expect(renderer.activeVoiceCount == 0)
    }
}
