import Engine
import Foundation
import Mixer
import Outputs
import Testing

/// The live driver on ALSA's null device, which takes every frame at once and whose clock is the
/// frames written: a session races through it (by design, see `LiveSitTests`), but a pause, which
/// lasts as long as the person wants, must not.
@Suite("Live driver, on a device that plays what it is given at once")
struct UnpacedDeviceTests {
    private static let rate = 48_000

    @Test("a pause's silence goes to the device at the wall clock's pace, not as fast as the device takes it")
    func pauseIsPacedByTheWallClock() throws {
        // Given a driver racing through a stream without end on ALSA's null device
        let request = OutputRequest(backend: .alsa, device: "null", sampleRate: Self.rate)
        let opener = OutputOpener.request(request)
        let (controller, renderer) = MixerFactory.make(format: EngineFormat(sampleRate: Self.rate))
        let tone = SampleBuffer(interleavedStereo: (0..<Self.rate).flatMap { _ in [Float(0.1), Float(0.1)] })
        controller.send(
            TimedCommand(
                frame: 0,
                .play(controller.makeVoiceID(), .sample(tone), bus: .first, gain: 1, fadeFrames: 0, curve: .linear)))
        let driver = EngineProgram(renderer: renderer, output: try opener.open(), opener: opener)
        driver.setHorizon(.max)
        driver.setEndFrame(.max)
        try driver.start()
        defer {
            driver.fadeOutAndEnd(frames: 480)
            _ = Self.wait(seconds: 10) { driver.isFinished }
        }
        #expect(Self.wait(seconds: 10) { driver.playedFrames > 10 * Self.rate }, "the stream did not race ahead")

        // When it pauses, and the pause has settled
        driver.pause(fadeFrames: 480)
        #expect(Self.wait(seconds: 10) { driver.pausedAtFrame != nil })
        Thread.sleep(forTimeInterval: 0.3)
        let before = driver.playedFrames
        let started = ContinuousClock.now
        Thread.sleep(forTimeInterval: 1)
        let advanced = driver.playedFrames - before
        let elapsed = ContinuousClock.now - started
        let wallFrames =
            Int(Double(elapsed.components.seconds) * Double(Self.rate))
            + Int(Double(elapsed.components.attoseconds) / 1e18 * Double(Self.rate))

        // Then the device's clock moved on with silence about as far as the wall clock (a spinning
        // thread moves it hundreds of seconds a second), and never stood still
        #expect(advanced > 0, "no silence was written while paused")
        #expect(advanced <= 2 * wallFrames + Self.rate / 2, "\(advanced) frames of silence in \(elapsed)")

        // And a resume races on again at once
        driver.resume(fadeFrames: 480)
        #expect(Self.wait(seconds: 10) { driver.resumedAtFrame != nil })
        let resumed = driver.playedFrames
        #expect(Self.wait(seconds: 10) { driver.playedFrames > resumed + 10 * Self.rate }, "it did not race on")
    }

    private static func wait(seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return true
    }
}
