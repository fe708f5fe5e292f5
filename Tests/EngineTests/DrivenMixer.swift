import Mixer
import OutputTestSupport
import Outputs

@testable import Engine

/// A live driver playing a ramp through a mock device: mixer frame n is heard as the sample
/// pair (n + 1) / scale, −(n + 1) / scale, so every frame heard tells which mixer frame it is
/// and at what gain.
struct DrivenMixer {
    static let rate = 48_000
    static let scale: Float = 1_048_576

    let driver: EngineProgram
    let frames: Int

    /// Starts a driver that plays `frames` of the ramp through `output`, opening `opener`'s
    /// device again when it is lost or was closed for a quiet spell (the same `output` when none
    /// is given).
    init(
        frames: Int, output: MockOutput, opener: OutputOpener? = nil, quietMilliseconds: Int? = nil,
        wakeMilliseconds: Int = EngineProgram.defaultWakeMilliseconds
    ) {
        let (controller, renderer) = MixerFactory.make(format: EngineFormat(sampleRate: Self.rate))
        let ramp = SampleBuffer(interleavedStereo: (0..<frames).flatMap { [Self.value(of: $0), -Self.value(of: $0)] })
        controller.send(
            TimedCommand(
                frame: 0,
                .play(
                    controller.makeVoiceID(), .sample(ramp), bus: .first, gain: 1,
                    fadeFrames: 0, curve: .linear)))
        driver = EngineProgram(
            renderer: renderer, output: output, opener: opener ?? OutputOpener { output },
            quietMilliseconds: quietMilliseconds, wakeMilliseconds: wakeMilliseconds)
        self.frames = frames
        driver.setHorizon(frames)
        driver.setEndFrame(frames)
        // Its device is open already: a driver of its own starts without opening one.
        try! driver.start()
    }

    /// The left sample of mixer frame `frame`.
    static func value(of frame: Int) -> Float { Float(frame + 1) / scale }

    /// The mixer frame a left sample at full gain is, or nil for silence.
    static func frame(of sample: Float) -> Int? {
        sample == 0 ? nil : Int((sample * scale).rounded()) - 1
    }

    /// Lets `output` play `step` frames at a time, each time after the driver has refilled it
    /// (or after a short while, once the stream's end leaves nothing to refill), until the
    /// driver has finished or `seconds` have passed. False when it never finished.
    @discardableResult
    func playToEnd(on output: MockOutput, step: Int = 1024, seconds: Double = 20) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while !driver.isFinished {
            guard ContinuousClock.now < deadline else { return false }
            output.waitUntil(seconds: 0.05) {
                $0.written - $0.played >= min(step, $0.bufferFrames) || driver.isFinished
            }
            output.play(frames: step)
        }
        return true
    }

    /// Lets `output` play `frames` in steps of at most `step`, waiting before each for the driver
    /// to have refilled it, and then for the driver's clock to have caught up.
    func play(_ frames: Int, on output: MockOutput, step: Int = 1024) {
        // A device that waits in its writes is full when a whole period no longer fits.
        let full = output.style == .pull ? output.bufferFrames : output.bufferFrames - driver.periodFrames + 1
        var left = frames
        while left > 0 {
            output.waitUntilHolding(full)
            let now = min(step, left)
            output.play(frames: now)
            left -= now
        }
        // A device that waits in its writes tells its clock when a write returns, which the
        // last frames played may not have let happen.
        if output.style == .pull {
            let target = output.played
            output.waitUntil { _ in driver.playedFrames >= target }
        }
        output.waitUntilHolding(full)
    }
}
