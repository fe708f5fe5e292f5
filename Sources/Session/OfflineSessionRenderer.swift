import Mixer
import Outputs

/// Renders a timed sit as fast as the machine allows, through the same mixer as live playback.
public struct OfflineSessionRenderer {
    public let plan: SessionPlan
    public let gong: SampleBuffer

    public init(plan: SessionPlan, gong: SampleBuffer) {
        self.plan = plan
        self.gong = gong
    }

    /// Frames the render produces.
    public var totalFrames: Int { plan.endFrame(gongFrames: gong.frameCount) }

    /// Hands every block of the session, in order, to `sink`.
    public func render(shouldContinue: () -> Bool = { true },
                       sink: (UnsafeBufferPointer<Float>) throws -> Void) throws {
        let (controller, renderer) = Mixer.make(format: plan.format)
        let score = SessionScore(plan: plan, gong: gong, controller: controller)
        var schedule = CommandSchedule(score.commands)
        let driver = OfflineDriver(controller: controller, renderer: renderer)
        try driver.run(&schedule, totalFrames: score.endFrame, shouldContinue: shouldContinue, sink: sink)
    }

    /// Writes the session to a WAV file; on any failure or cancellation no file is left behind.
    /// Returns false when `shouldContinue` stopped it.
    @discardableResult
    public func render(to path: String, format: SampleFormat,
                       shouldContinue: () -> Bool = { true }) throws -> Bool {
        let writer = try AudioFileWriter(destination: path, sampleRate: plan.format.sampleRate, format: format,
                                         expectedFrames: totalFrames)
        var completed = true
        do {
            try render(shouldContinue: { completed = shouldContinue(); return completed }) { block in
                try writer.write(block)
            }
        } catch {
            writer.abandon()
            throw error
        }
        guard completed else {
            writer.abandon()
            return false
        }
        try writer.commit()
        return true
    }
}
