import Engine
import Mixer
import OutputTestSupport
import Outputs
import Testing

/// A seek's cut: the device's queue is replaced by the mixer's new place within the latency.
extension LiveDriverTests {
    @Test("a cut takes back what the device holds, fades it out, and plays on from the frame asked for, faded in")
    func cutReplacesWhatTheDeviceHolds() throws {
        // Given a device that holds half a second, of which all but its first 256 frames can be taken back
        let output = MockOutput(bufferFrames: 24_000, guardFrames: 256)
        let mixer = DrivenMixer(frames: 48_000, output: output)
        mixer.play(4800, on: output)
        // When a cut asks for mixer frame 29 000, with 480-frame fades
        mixer.driver.cut(toMixerFrame: 29_000, fadeFrames: 480)
        #expect(output.waitUntil { _ in mixer.driver.cutOutcome != nil })

        // Then the fade-out starts at the first frame the device gives back, and the frame asked
        // for is heard right after it, not after the half second the device held
        #expect(mixer.driver.cutOutcome == .cut(atDeviceFrame: 4800 + 256 + 480))
        #expect(output.rewriteFrames == [4800 + 256])
        #expect(mixer.playToEnd(on: output))
        let heard = left(output.heard)
        #expect(Array(heard[..<5056]) == (0..<5056).map(DrivenMixer.value(of:)))
        let fadeOut = gains(output.heard, device: 5056..<5536, mixerFrom: 5056)
        #expect(fadeOut.first ?? 0 > 0.99 && (fadeOut.last ?? 1) < 0.01)
        #expect(zip(fadeOut, fadeOut.dropFirst()).allSatisfy { $0 >= $1 })
        let fadeIn = gains(output.heard, device: 5536..<6016, mixerFrom: 29_000)
        #expect(fadeIn.first ?? 1 < 0.01 && (fadeIn.last ?? 0) > 0.99)
        #expect(zip(fadeIn, fadeIn.dropFirst()).allSatisfy { $0 <= $1 })
        // And every later frame is heard whole, to the last, which the clock counts as played
        let rest = 48_000 - 29_480
        #expect(Array(heard[6016..<(6016 + rest)]) == (29_480..<48_000).map(DrivenMixer.value(of:)))
        #expect(mixer.driver.playedFrames == 6016 + rest)
        #expect(output.protocolViolations.isEmpty)
    }

    @Test("a device that cannot take frames back declines a cut, and every frame is heard in order")
    func cutOnABlockingDeviceIsDeclined() {
        // Given a device that waits in its writes and gives nothing back
        let output = MockOutput(style: .blocking, bufferFrames: 8192)
        let mixer = DrivenMixer(frames: 48_000, output: output)
        mixer.play(4096, on: output)
        // When a cut asks for a frame ahead
        mixer.driver.cut(toMixerFrame: 12_000, fadeFrames: 480)
        // (it hears the request once a write lets it go)
        var step = 0
        while mixer.driver.cutOutcome == nil && step < 100 {
            output.play(frames: 512)
            output.waitUntil(seconds: 0.05) { _ in mixer.driver.cutOutcome != nil }
            step += 1
        }
        // Then it is declined, and the whole ramp plays
        #expect(mixer.driver.cutOutcome == .declined)
        #expect(mixer.playToEnd(on: output))
        let heard = left(output.heard)
        #expect(Array(heard[..<48_000]) == (0..<48_000).map(DrivenMixer.value(of:)))
        #expect(output.rewriteFrames.isEmpty)
    }

    @Test("a cut to a frame just past what the device holds is declined: the mixer's own cross-fade is heard as soon")
    func cutTooCloseIsDeclined() {
        // Given a device that can take back all but 256 frames of the 4096 it holds
        let output = MockOutput(bufferFrames: 4096, guardFrames: 256)
        let mixer = DrivenMixer(frames: 48_000, output: output)
        mixer.play(4800, on: output)
        // When a cut asks for the frame right after the first one given back, with fades longer than the gap
        mixer.driver.cut(toMixerFrame: 4800 + 256 + 500, fadeFrames: 480)
        #expect(output.waitUntil { _ in mixer.driver.cutOutcome != nil })
        // Then it is declined and nothing is taken back
        #expect(mixer.driver.cutOutcome == .declined)
        #expect(mixer.playToEnd(on: output))
        #expect(Array(left(output.heard)[..<48_000]) == (0..<48_000).map(DrivenMixer.value(of:)))
        #expect(output.rewriteFrames.isEmpty)
    }
}
