import Engine
import Foundation
import Mixer
import OutputTestSupport
import Outputs
import Synchronization
import Testing

/// The live driver's state machine, played through a mock device whose clock the test moves:
/// no sound server, the same frames every run.
@Suite("Live driver, through a mock device")
struct LiveDriverTests {
    /// The left channel of interleaved samples.
    func left(_ samples: [Float]) -> [Float] { stride(from: 0, to: samples.count, by: 2).map { samples[$0] } }

    /// The gain each heard frame in `range` was played at, against the mixer frames from `first` on.
    func gains(_ heard: [Float], device range: Range<Int>, mixerFrom first: Int) -> [Float] {
        let samples = left(heard)
        return range.map { samples[$0] / DrivenMixer.value(of: first + $0 - range.lowerBound) }
    }

    @Test("the device hears every mixer frame once and in order, and the clock is the frames it has played")
    func playsInOrder() {
        // Given a driver playing two seconds of the ramp through a device holding 8192 frames
        let output = MockOutput(bufferFrames: 8192)
        let mixer = DrivenMixer(frames: 96_000, output: output)
        // When the device plays 10 000 frames
        mixer.play(10_000, on: output)
        // Then the clock says 10 000, and the device holds a full buffer ahead of it
        #expect(mixer.driver.playedFrames == 10_000)
        #expect(output.written == 10_000 + 8192)
        // When it plays on to the end
        #expect(mixer.playToEnd(on: output))
        // Then it heard exactly the ramp, the clock stops at its last frame, and nothing ran dry
        let heard = left(output.heard)
        #expect(heard.count >= 96_000)
        #expect(Array(heard[..<96_000]) == (0..<96_000).map(DrivenMixer.value(of:)))
        #expect(heard[96_000...].allSatisfy { $0 == 0 })
        #expect(mixer.driver.playedFrames == 96_000)
        #expect(mixer.driver.underruns == 0)
        #expect(output.protocolViolations.isEmpty)
    }

    @Test("a pause takes back what the device holds, fades at once, and the resume plays on from where it faded")
    func pauseRewritesWhatTheDeviceHolds() throws {
        // Given a device that holds half a second, of which all but its first 256 frames can be taken back
        let output = MockOutput(bufferFrames: 24_000, guardFrames: 256)
        let mixer = DrivenMixer(frames: 48_000, output: output)
        mixer.play(4800, on: output)
        // When the session pauses with a 480-frame fade
        mixer.driver.pause(fadeFrames: 480)
        #expect(output.waitUntil { _ in mixer.driver.pausedAtFrame != nil })
        // Then the fade starts at the first frame the device gives back, not after the half second it holds
        #expect(mixer.driver.pausedAtFrame == 4800 + 256)
        #expect(output.rewriteFrames == [4800 + 256])
        // When it has stood still a while and resumes with a 480-frame fade
        mixer.play(9600, on: output)
        mixer.driver.resume(fadeFrames: 480)
        #expect(output.waitUntil { _ in mixer.driver.resumedAtFrame != nil })
        let resumedAt = try #require(mixer.driver.resumedAtFrame)
        #expect(resumedAt == 4800 + 9600 + 256)
        #expect(mixer.playToEnd(on: output))
        let heard = left(output.heard)
        // Then the frames before the pause are heard whole, the fade falls to silence and the silence holds
        #expect(Array(heard[..<5056]) == (0..<5056).map(DrivenMixer.value(of:)))
        let fadeOut = gains(output.heard, device: 5056..<5536, mixerFrom: 5056)
        #expect(fadeOut.first ?? 0 > 0.99 && zip(fadeOut, fadeOut.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(heard[5536..<resumedAt].allSatisfy { $0 == 0 })
        // And the resume fades in the frames the pause faded out, then plays every later frame whole
        let fadeIn = gains(output.heard, device: resumedAt..<(resumedAt + 480), mixerFrom: 5056)
        #expect(fadeIn.first ?? 1 < 0.01 && zip(fadeIn, fadeIn.dropFirst()).allSatisfy { $0 <= $1 })
        let rest = resumedAt + 480
        let restLength = 48_000 - 5536
        #expect(Array(heard[rest..<(rest + restLength)]) == (5536..<48_000).map(DrivenMixer.value(of:)))
        // And the clock counts the pause: the last frame is heard that much later
        #expect(mixer.driver.playedFrames == rest + restLength)
        #expect(output.protocolViolations.isEmpty)
    }

    @Test("a device that cannot take frames back hears a pause after everything it holds, and nothing is cut")
    func pauseOnABlockingDeviceWaitsForWhatItHolds() throws {
        // Given a device that waits in its writes and gives nothing back, holding 8192 frames
        let output = MockOutput(style: .blocking, bufferFrames: 8192)
        let mixer = DrivenMixer(frames: 48_000, output: output)
        mixer.play(4096, on: output)
        let heldAtRequest = output.written
        // When the session pauses
        mixer.driver.pause(fadeFrames: 480)
        var step = 0
        while mixer.driver.pausedAtFrame == nil && step < 100 {
            output.play(frames: 512)
            output.waitUntil(seconds: 0.05) { _ in mixer.driver.pausedAtFrame != nil }
            step += 1
        }
        let pausedAt = try #require(mixer.driver.pausedAtFrame)
        // Then the fade begins after every frame the device held, and those are heard whole
        #expect(pausedAt >= heldAtRequest)
        #expect(output.rewriteFrames.isEmpty)
        mixer.driver.resume(fadeFrames: 480)
        #expect(mixer.playToEnd(on: output))
        let heard = left(output.heard)
        #expect(Array(heard[..<pausedAt]) == (0..<pausedAt).map(DrivenMixer.value(of:)))
        #expect(gains(output.heard, device: pausedAt..<(pausedAt + 480), mixerFrom: pausedAt).last ?? 1 < 0.01)
    }

    @Test("a lost device is opened again, and what it held unplayed is heard on the new one, faded in")
    func reopensALostDevice() {
        // Given a driver whose opener hands out a second device once the first is gone
        let first = MockOutput(name: "first", bufferFrames: 8192)
        let second = MockOutput(name: "second", bufferFrames: 8192)
        let opened = Atomic<Int>(0)
        let opener = OutputOpener {
            opened.add(1, ordering: .relaxed)
            return second
        }
        let mixer = DrivenMixer(frames: 48_000, output: first, opener: opener)
        mixer.play(10_000, on: first)
        // When the first device goes away
        first.fail()
        // Then the driver says so, opens the second, and plays on there from the first's clock
        #expect(second.waitUntilHolding(8192))
        #expect(opened.load(ordering: .relaxed) == 1)
        #expect(
            mixer.driver.takeNotices() == [
                .reopening(after: .deviceLost(reason: "unplugged")),
                .playingOn(second.summary)
            ])
        #expect(mixer.driver.outputSummary == second.summary)
        let lostAt = first.played
        #expect(mixer.playToEnd(on: second))
        let fade = 480
        let heard = left(second.heard)
        let gain = gains(second.heard, device: 0..<fade, mixerFrom: lostAt)
        #expect(gain.first ?? 1 < 0.01 && zip(gain, gain.dropFirst()).allSatisfy { $0 <= $1 })
        let rest = 48_000 - lostAt - fade
        #expect(Array(heard[fade..<(fade + rest)]) == ((lostAt + fade)..<48_000).map(DrivenMixer.value(of:)))
        // And the session's clock runs on across both devices
        #expect(mixer.driver.playedFrames == 48_000)
        #expect(mixer.driver.failure == nil)
    }

    @Test("a pause asked for after a device was replaced still takes effect")
    func pausesAfterAReplacedDevice() {
        // Given a driver that has moved to a second device after losing the first
        let first = MockOutput(name: "first", bufferFrames: 8192)
        let second = MockOutput(name: "second", bufferFrames: 8192)
        let mixer = DrivenMixer(frames: 96_000, output: first, opener: OutputOpener { second })
        mixer.play(4096, on: first)
        first.fail()
        #expect(second.waitUntilHolding(8192))
        mixer.play(4096, on: second)
        // When the session pauses
        mixer.driver.pause(fadeFrames: 480)
        // Then the pause is heard on the second device, from the first frame it gives back
        #expect(second.waitUntil(seconds: 2) { _ in mixer.driver.pausedAtFrame != nil })
        #expect(mixer.driver.pausedAtFrame == 4096 + 4096 + second.guardFrames)
    }

    @Test("a device that stays gone makes the session wait, and an early end while it waits ends it without a failure")
    func waitsForALostDeviceAndEndsWhenAsked() {
        // Given a device that goes away, and an opener that finds none
        let output = MockOutput(bufferFrames: 8192)
        let opener = OutputOpener { () throws(OutputError) -> any AudioOutput in
            throw .unavailable(backend: "mock", device: nil, reason: "no device")
        }
        let mixer = DrivenMixer(frames: 48_000, output: output, opener: opener)
        mixer.play(2048, on: output)
        output.fail()
        // When two seconds pass without a device
        #expect(output.waitUntil(seconds: 5) { _ in mixer.driver.isWaitingForOutput })
        // Then the session says it waits, up to the wait's limit
        let notices = mixer.driver.takeNotices()
        #expect(notices.first == .reopening(after: .deviceLost(reason: "unplugged")))
        #expect(notices.last == .waiting(limitSeconds: Int(LiveEngine.outputWaitLimit.components.seconds)))
        // When the session is ended meanwhile
        mixer.driver.fadeOutAndEnd(frames: 480)
        // Then it ends within the reopening loop's step, with no failure to report
        #expect(output.waitUntil(seconds: 2) { _ in mixer.driver.isFinished })
        #expect(mixer.driver.failure == nil)
        #expect(!mixer.driver.isWaitingForOutput)
    }

    @Test("underruns the device reports are counted, and the frames go on in order")
    func countsUnderruns() {
        // Given a driver playing through a device that runs dry twice
        let output = MockOutput(bufferFrames: 8192)
        let mixer = DrivenMixer(frames: 24_000, output: output)
        mixer.play(4096, on: output)
        output.underrun()
        mixer.play(4096, on: output)
        output.underrun()
        #expect(mixer.playToEnd(on: output))
        // Then both are counted, and the ramp was heard whole
        #expect(mixer.driver.underruns == 2)
        #expect(Array(left(output.heard)[..<24_000]) == (0..<24_000).map(DrivenMixer.value(of:)))
    }

    @Test(
        "a timing report that jumps back never moves the clock backwards, and the clock catches up when it is right again"
    )
    func clockNeverRunsBackwards() {
        // Given a driver whose device has played 10 000 frames
        let output = MockOutput(bufferFrames: 8192)
        let mixer = DrivenMixer(frames: 48_000, output: output)
        mixer.play(10_000, on: output)
        #expect(mixer.driver.playedFrames == 10_000)
        // When the device's reports claim 3000 frames more unplayed than it holds
        output.skewReports(by: 3000)
        var readings: [Int] = []
        for _ in 0..<4 {
            output.waitUntilHolding(8192)
            output.play(frames: 500)
            output.waitUntil(seconds: 0.2) { _ in false }
            readings.append(mixer.driver.playedFrames)
        }
        // Then the clock stands rather than running back
        #expect(readings.allSatisfy { $0 == 10_000 })
        // When the reports are right again, it catches up with the device
        output.skewReports(by: 0)
        mixer.play(1000, on: output)
        #expect(mixer.driver.playedFrames == 13_000)
    }

    @Test("an early end fades what the device is about to play, and the session ends once the fade has been heard")
    func earlyEndFadesAndFinishes() throws {
        // Given a device holding half a second ahead of its clock
        let output = MockOutput(bufferFrames: 24_000, guardFrames: 256)
        let mixer = DrivenMixer(frames: 96_000, output: output)
        mixer.play(4800, on: output)
        // When the session is ended with a 480-frame fade
        mixer.driver.fadeOutAndEnd(frames: 480)
        #expect(output.waitUntil { $0.rewriteFrames == [4800 + 256] })
        // Then it is not finished before the device has played the fade
        #expect(!mixer.driver.isFinished)
        #expect(mixer.playToEnd(on: output, step: 128))
        let heard = left(output.heard)
        #expect(Array(heard[..<5056]) == (0..<5056).map(DrivenMixer.value(of:)))
        let fade = gains(output.heard, device: 5056..<5536, mixerFrom: 5056)
        #expect(fade.first ?? 0 > 0.99 && (fade.last ?? 1) < 0.01)
        #expect(heard[5536...].allSatisfy { $0 == 0 })
        // And the clock stops where the fade ended, within the last step the device played
        #expect(mixer.driver.playedFrames == 5536)
    }

    @Test("the stream's end is reached only once the device has played its last frame")
    func finishesWhenTheLastFrameIsPlayed() {
        // Given a short stream on a device holding more than all of it
        let output = MockOutput(bufferFrames: 16_384)
        let mixer = DrivenMixer(frames: 4800, output: output)
        #expect(output.waitUntil { $0.written >= 4800 })
        // When the device has played all but its last frame
        output.play(frames: 4799)
        output.waitUntil(seconds: 0.3) { _ in mixer.driver.isFinished }
        // Then the session is still playing
        #expect(!mixer.driver.isFinished)
        #expect(mixer.driver.playedFrames == 4799)
        // When it plays the last one, it is finished, with the clock on the stream's last frame
        output.play(frames: 1)
        #expect(output.waitUntil { _ in mixer.driver.isFinished })
        #expect(mixer.driver.playedFrames == 4800)
    }
}
