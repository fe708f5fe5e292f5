/// Runs a mixer as fast as the machine allows, handing each rendered block to a sink: the same
/// render code as live playback, with a loop instead of a real-time thread.
public struct OfflineDriver {
    public let controller: MixerController
    public let renderer: MixerRenderer
    /// Frames rendered per block.
    public var blockFrames: Int
    /// How far ahead of the render position commands are sent.
    public var lookaheadFrames: Int

    public init(controller: MixerController, renderer: MixerRenderer, blockFrames: Int = 4096) {
        self.controller = controller
        self.renderer = renderer
        self.blockFrames = min(blockFrames, renderer.maxBlockFrames)
        lookaheadFrames = renderer.format.sampleRate
    }

    /// Renders `totalFrames` frames of `schedule`, calling `sink` with each block of interleaved
    /// stereo samples. `shouldContinue` is asked between blocks (for cancellation), and
    /// `prepareBlock` runs before each (to fill a streamed voice's ring without a thread).
    public func run(
        _ schedule: inout CommandSchedule, totalFrames: Int,
        shouldContinue: () -> Bool = { true },
        prepareBlock: () throws -> Void = {},
        sink: (UnsafeBufferPointer<Float>) throws -> Void
    ) throws {
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: blockFrames * EngineFormat.channels)
        defer { buffer.deallocate() }
        let end = renderer.frame + totalFrames
        while renderer.frame < end {
            guard shouldContinue() else { return }
            let frames = min(blockFrames, end - renderer.frame)
            schedule.feed(controller, before: renderer.frame + frames + lookaheadFrames)
            try prepareBlock()
            renderer.render(into: buffer, frames: frames)
            controller.collectGarbage()
            try sink(UnsafeBufferPointer(start: buffer, count: frames * EngineFormat.channels))
        }
    }
}
