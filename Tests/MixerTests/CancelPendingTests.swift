import Testing

@testable import Mixer

@Suite("Cancelling pending commands")
struct CancelPendingTests {
    let click = SampleBuffer(interleavedStereo: [0.5, -0.5])

    @Test("a cancel drops what was sent before it; the rewound schedule plays it later, shifted")
    func cancelThenResendShifted() {
        // Given clicks at 1000, 3000 and 5000, all sent at once
        let (controller, renderer) = MixerFactory.make(format: EngineFormat(sampleRate: 48_000))
        var schedule = CommandSchedule(
            [1000, 3000, 5000].map {
                TimedCommand(
                    frame: $0,
                    .play(
                        controller.makeVoiceID(), .sample(click), bus: .gongs,
                        gain: 1, fadeFrames: 0, curve: .linear))
            })
        schedule.feed(controller, before: .max)
        #expect(schedule.sentCount == 3)
        var output = [Float](repeating: 1, count: 8000 * 2)

        // When a cancel takes effect at 2000, and the timeline resumes 1500 frames later
        controller.send(TimedCommand(frame: 2000, .cancelPending))
        output.withUnsafeMutableBufferPointer { renderer.render(into: $0.baseAddress!, frames: 4000) }
        let events = controller.drainEvents()
        #expect(events.contains(.pendingCancelled(frame: 2000, dropped: 2)))
        schedule.rewind(2)
        schedule.offset = 1500
        schedule.feed(controller, before: .max)
        output.withUnsafeMutableBufferPointer { renderer.render(into: $0.baseAddress! + 8000, frames: 4000) }

        // Then the first click is where it was, and the other two moved by exactly 1500 frames
        let onsets = output.indices.filter { $0 % 2 == 0 && output[$0] != 0 }.map { $0 / 2 }
        #expect(onsets == [1000, 4500, 6500])
    }

    @Test("a late cancel reports the frame it really took effect at")
    func lateCancel() {
        let (controller, renderer) = MixerFactory.make(format: EngineFormat(sampleRate: 48_000))
        var output = [Float](repeating: 0, count: 1024 * 2)
        output.withUnsafeMutableBufferPointer { renderer.render(into: $0.baseAddress!, frames: 1024) }
        controller.send(
            TimedCommand(
                frame: 10,
                .play(
                    controller.makeVoiceID(), .sample(click), bus: .gongs,
                    gain: 1, fadeFrames: 0, curve: .linear)))
        controller.send(TimedCommand(frame: 500, .cancelPending))
        output.withUnsafeMutableBufferPointer { renderer.render(into: $0.baseAddress!, frames: 1024) }
        // The late play was applied before the cancel, which dropped nothing.
        #expect(controller.drainEvents().contains(.pendingCancelled(frame: 1024, dropped: 0)))
        #expect(output[0] == 0.5)
    }
}
