import Engine
import Foundation
import Mixer
import OutputTestSupport
import Outputs
import Synchronization
import Testing

/// A long pause closes the device; the resume opens it again.
extension LiveDriverTests {
    @Test(
        "a pause heard for the quiet spell closes the device, and the resume opens it again and plays on after a wake-up silence"
    )
    func quietPauseClosesTheDevice() {
        // Given a driver whose device closes after 100 ms of a pause heard, and opens again with
        // 50 ms of silence first
        let first = MockOutput(bufferFrames: 24_000, guardFrames: 256)
        let second = MockOutput(name: "second", bufferFrames: 24_000, guardFrames: 256)
        let opened = Atomic<Int>(0)
        let opener = OutputOpener {
            opened.add(1, ordering: .relaxed)
            return second
        }
        let mixer = DrivenMixer(
            frames: 48_000, output: first, opener: opener, quietMilliseconds: 100, wakeMilliseconds: 50)
        mixer.play(4800, on: first)

        // When it pauses, and the device plays on for a while
        mixer.driver.pause(fadeFrames: 480)
        #expect(first.waitUntil { _ in mixer.driver.pausedAtFrame != nil })
        var notices: [LiveNotice] = []
        for _ in 0..<100 where notices.isEmpty {
            first.play(frames: 1024)
            first.waitUntil(seconds: 0.05) { _ in false }
            notices += mixer.driver.takeNotices()
        }
        // Then once 100 ms of silence after the fade has been heard, the device is closed, and
        // nothing more is written to it
        #expect(notices == [.closedWhilePaused(seconds: 0)])
        let writtenWhenClosed = first.written
        first.play(frames: 4096)
        Thread.sleep(forTimeInterval: 0.1)
        #expect(first.written == writtenWhenClosed)
        #expect(opened.load(ordering: .relaxed) == 0)

        // When it resumes
        mixer.driver.resume(fadeFrames: 480)
        #expect(second.waitUntil { _ in mixer.driver.resumedAtFrame != nil })
        let resumedAt = mixer.driver.resumedAtFrame ?? 0
        #expect(mixer.playToEnd(on: second))

        // Then the device is opened again once, and the clock went on from what the first played:
        // the pause was heard for at least the quiet spell
        #expect(opened.load(ordering: .relaxed) == 1)
        let closedAt = resumedAt - 2400
        #expect(closedAt >= 5536 + 4800 && closedAt <= first.played)
        let before = left(first.heard)
        #expect(Array(before[..<5056]) == (0..<5056).map(DrivenMixer.value(of:)))
        #expect(before[5536..<closedAt].allSatisfy { $0 == 0 })
        // And the new device hears 50 ms of silence, the fade-in from where the pause began, and
        // every later frame whole
        let after = left(second.heard)
        #expect(after[..<2400].allSatisfy { $0 == 0 })
        let fadeIn = (0..<480).map { (index: Int) -> Float in after[2400 + index] / DrivenMixer.value(of: 5056 + index)
        }
        #expect(fadeIn.first ?? 1 < 0.01 && zip(fadeIn, fadeIn.dropFirst()).allSatisfy { $0 <= $1 })
        let rest = 48_000 - 5536
        #expect(Array(after[2880..<(2880 + rest)]) == (5536..<48_000).map(DrivenMixer.value(of:)))
        #expect(mixer.driver.playedFrames == resumedAt + 480 + rest)
        #expect(first.protocolViolations.isEmpty && second.protocolViolations.isEmpty)
    }
}
