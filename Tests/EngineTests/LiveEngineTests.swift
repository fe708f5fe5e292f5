import Clock
import Foundation
import Mixer
import OutputTestSupport
import Outputs
import Synchronization
import Testing

@testable import Engine

/// The service's engine: several programs through one device, mixed, each paused on its own.
@Suite("Live engine, several programs through one mock device")
struct LiveEngineTests {
    static let rate = 48_000

    /// A program on `engine` that plays `samples` (interleaved stereo) from its first frame.
    func program(_ samples: [Float], on engine: LiveEngine, opener: OutputOpener) -> EngineProgram {
        let (controller, renderer) = MixerFactory.make(format: EngineFormat(sampleRate: Self.rate))
        controller.send(
            TimedCommand(
                frame: 0,
                .play(
                    controller.makeVoiceID(), .sample(SampleBuffer(interleavedStereo: samples)), bus: .first,
                    gain: 1, fadeFrames: 0, curve: .linear)))
        let driver = EngineProgram(renderer: renderer, engine: engine, opener: opener)
        driver.setHorizon(samples.count / 2)
        driver.setEndFrame(samples.count / 2)
        return driver
    }

    /// An engine whose device holds half a second and gives back from 256 frames past what it
    /// has played; its quiet spell is a minute, longer than any test.
    func halfSecondEngine() -> (MockOutput, LiveEngine) {
        let output = MockOutput(bufferFrames: 24_000, guardFrames: 256)
        let engine = LiveEngine(
            opened: output, opener: OutputOpener { output }, sampleRate: Self.rate, quietMilliseconds: 60_000)
        return (output, engine)
    }

    /// The ramp `DrivenMixer` plays: each frame heard tells which frame it is.
    func ramp(_ frames: Int) -> [Float] {
        (0..<frames).flatMap { [DrivenMixer.value(of: $0), -DrivenMixer.value(of: $0)] }
    }

    /// Lets `output` play `frames`, each step once the engine has filled it.
    func play(_ frames: Int, on output: MockOutput, step: Int = 1024) {
        var left = frames
        while left > 0 {
            output.waitUntilHolding(output.bufferFrames)
            let now = min(step, left)
            output.play(frames: now)
            left -= now
        }
    }

    func left(_ samples: [Float]) -> [Float] { stride(from: 0, to: samples.count, by: 2).map { samples[$0] } }

    @Test("a program started while another plays is heard from the first frame the device gives back, mixed with it")
    func secondProgramIsMixedIn() throws {
        // Given an engine whose device holds half a second, playing a ramp
        let (output, engine) = halfSecondEngine()
        defer { engine.stop() }
        // (silence until a program comes: the ramp begins at the first frame the device gives back)
        #expect(output.waitUntilHolding(24_000))
        let first = program(ramp(48_000), on: engine, opener: OutputOpener { output })
        try first.start()
        #expect(output.waitUntil { $0.rewriteFrames == [256] })
        play(4800, on: output)
        // When a second program, a steady 0.5 for 4800 frames, starts
        let second = program([Float](repeating: 0.5, count: 9600), on: engine, opener: OutputOpener { output })
        try second.start()
        #expect(output.waitUntil { $0.rewriteFrames.count == 2 })
        play(24_000, on: output)
        // Then it starts at the first frame the device gave back, not after the half second it held
        #expect(output.rewriteFrames == [256, 4800 + 256])
        let heard = left(output.heard)
        let ramp = { (device: Int) in DrivenMixer.value(of: device - 256) }
        let start = 4800 + 256
        #expect(heard[..<256].allSatisfy { $0 == 0 })
        #expect(Array(heard[256..<start]) == (256..<start).map(ramp))
        // And both are heard, summed, while it plays; then the first alone, unbroken throughout
        #expect(Array(heard[start..<(start + 4800)]) == (start..<(start + 4800)).map { ramp($0) + 0.5 })
        #expect(Array(heard[(start + 4800)..<24_000]) == ((start + 4800)..<24_000).map(ramp))
        // And each program's clock counts from its own first frame
        #expect(output.waitUntil { _ in second.isFinished })
        #expect(second.playedFrames == 4800)
        // (the first's clock is counted by the output thread after the frames are played: waited
        // for, not read at once, or a loaded machine sees it a block short)
        let firstPlayed = 4800 + 24_000 - 256
        #expect(output.waitUntil { _ in first.playedFrames >= firstPlayed })
        #expect(first.playedFrames == firstPlayed)
        #expect(output.protocolViolations.isEmpty)
    }

    @Test("a pause of one program fades it alone: the other plays on unbroken")
    func pauseFadesOneProgram() throws {
        // Given two programs playing together from the start: a ramp, and a steady 0.25
        let (output, engine) = halfSecondEngine()
        defer { engine.stop() }
        #expect(output.waitUntilHolding(24_000))
        let steady = program([Float](repeating: 0.25, count: 96_000), on: engine, opener: OutputOpener { output })
        try steady.start()
        #expect(output.waitUntil { $0.rewriteFrames.count == 1 })
        let first = program(ramp(48_000), on: engine, opener: OutputOpener { output })
        try first.start()
        // (nothing is played before the second has been written: the device's first frame given
        // back must still be 256 when the engine takes it)
        #expect(output.waitUntil { _ in first.firstBufferTime != nil })
        #expect(output.waitUntilHolding(24_000))
        // (both begin at the first frame the device gives back; the second takes back again only
        // when the first had been written by then)
        #expect(output.rewriteFrames.first == 256 && output.rewriteFrames.allSatisfy { $0 == 256 })
        let rampStart = 256
        play(4800, on: output)
        // When the steady one pauses with a 480-frame fade
        steady.pause(fadeFrames: 480)
        #expect(output.waitUntil { _ in steady.pausedAtFrame != nil })
        play(24_000, on: output)
        // Then the fade starts at the first frame the device gives back and ends 480 frames on
        // (its clock counts from its first frame, at 256)
        let pausedAt = try #require(steady.pausedAtFrame) + 256
        #expect(pausedAt == 4800 + 256)
        let heard = left(output.heard)
        let steadyPart = (rampStart..<24_000).map { heard[$0] - DrivenMixer.value(of: $0 - rampStart) }
        let fadeStart = pausedAt - rampStart
        #expect(steadyPart[..<fadeStart].allSatisfy { abs($0 - 0.25) < 1e-6 })
        let fade = Array(steadyPart[fadeStart..<(fadeStart + 480)])
        #expect(zip(fade, fade.dropFirst()).allSatisfy { $0 >= $1 - 1e-6 })
        // And after it the ramp alone is heard, every frame of it in order
        let after = pausedAt + 480
        #expect(Array(heard[after..<24_000]) == (after..<24_000).map { DrivenMixer.value(of: $0 - rampStart) })
        #expect(output.protocolViolations.isEmpty)
    }

    @Test(
        "a program started at an instant is first heard at the device frame played then, inside what the device holds")
    func programStartsAtItsInstant() throws {
        // Given an engine whose device holds half a second of silence, none of it played
        let (output, engine) = halfSecondEngine()
        defer { engine.stop() }
        #expect(output.waitUntilHolding(24_000))
        // When a ramp starts at an instant a quarter second from now (device frame 12 000)
        let bell = program(ramp(4800), on: engine, opener: OutputOpener { output })
        try bell.start(at: MonotonicClock.seconds() + 0.25)
        #expect(output.waitUntil { $0.rewriteFrames.count == 1 })
        play(36_000, on: output)
        // Then the device gave back from that frame (less the moment the engine took to adopt
        // it), and its first frame is heard there, every frame after it in order
        let start = try #require(output.rewriteFrames.first)
        #expect(start > 12_000 - 2400 && start <= 12_000)
        let heard = left(output.heard)
        #expect(heard[..<start].allSatisfy { $0 == 0 })
        #expect(Array(heard[start..<(start + 4800)]) == (0..<4800).map(DrivenMixer.value(of:)))
        #expect(heard[(start + 4800)...].allSatisfy { $0 == 0 })
        // And its clock counts from that frame
        #expect(output.waitUntil { _ in bell.isFinished })
        #expect(bell.playedFrames == 4800)
        #expect(output.protocolViolations.isEmpty)
    }

    @Test("a program ended before its instant is never heard: what the device held of it is taken back")
    func programEndedBeforeItsInstantIsUnheard() throws {
        // Given a ramp due a quarter second from now, already written into what the device holds
        let (output, engine) = halfSecondEngine()
        defer { engine.stop() }
        #expect(output.waitUntilHolding(24_000))
        let bell = program(ramp(4800), on: engine, opener: OutputOpener { output })
        try bell.start(at: MonotonicClock.seconds() + 0.25)
        #expect(output.waitUntil { $0.rewriteFrames.count == 1 && $0.written >= 24_000 })
        // When it is ended before the device has played up to it
        bell.fadeOutAndEnd(frames: 480)
        #expect(output.waitUntil { $0.rewriteFrames.count == 2 })
        play(36_000, on: output)
        // Then the device gave back from its first frame, and nothing of it was heard
        #expect(output.rewriteFrames[1] == output.rewriteFrames[0])
        #expect(left(output.heard).allSatisfy { $0 == 0 })
        #expect(output.waitUntil { _ in bell.isFinished })
        #expect(bell.playedFrames == 0)
        #expect(output.protocolViolations.isEmpty)
    }

    @Test(
        "the device closes after the quiet spell once nothing plays, and the next program opens it with silence first")
    func quietSpellClosesAndReopens() throws {
        // Given an engine with a quiet spell of 100 ms, whose opener counts the devices it opens
        let devices = Mutex<[MockOutput]>([])
        let opener = OutputOpener {
            let output = MockOutput(style: .blocking, bufferFrames: 2048)
            devices.withLock { $0.append(output) }
            return output
        }
        let engine = LiveEngine(
            opened: try opener.open(), opener: opener, sampleRate: Self.rate, quietMilliseconds: 100,
            wakeMilliseconds: 50)
        defer { engine.stop() }
        let current = { devices.withLock { $0.last } }
        // When a short program plays to its end and nothing follows for the quiet spell
        let first = program([Float](repeating: 0.5, count: 960), on: engine, opener: opener)
        try first.start()
        let firstDevice = try #require(current())
        #expect(firstDevice.waitUntil { $0.written > 0 })
        var steps = 0
        while !engine.isClosed && steps < 400 {
            firstDevice.play(frames: 512)
            Thread.sleep(forTimeInterval: 0.005)
            steps += 1
        }
        // Then the device is closed, and the program ended
        #expect(engine.isClosed)
        #expect(first.isFinished)
        // When another program starts
        let second = program([Float](repeating: 0.5, count: 960), on: engine, opener: opener)
        try second.start()
        // Then a second device is opened and its first 50 ms are silence, then the program
        #expect(devices.withLock { $0.count } == 2)
        let secondDevice = try #require(current())
        steps = 0
        while !second.isFinished && steps < 400 {
            secondDevice.play(frames: 512)
            Thread.sleep(forTimeInterval: 0.005)
            steps += 1
        }
        let heard = left(secondDevice.heard)
        let wake = Self.rate * 50 / 1000
        #expect(heard.count >= wake + 480)
        #expect(heard[..<wake].allSatisfy { $0 == 0 })
        #expect(Array(heard[wake..<(wake + 480)]) == [Float](repeating: 0.5, count: 480))
    }

    @Test("two programs each under the ceiling are heard together under it too, and each alone unchanged")
    func programsTogetherStayUnderTheCeiling() throws {
        // Given an engine playing a steady 0.8, just under each mixer's ceiling
        let (output, engine) = halfSecondEngine()
        defer { engine.stop() }
        #expect(output.waitUntilHolding(24_000))
        let first = program([Float](repeating: 0.8, count: 96_000), on: engine, opener: OutputOpener { output })
        try first.start()
        #expect(output.waitUntil { $0.rewriteFrames == [256] })
        play(4800, on: output)
        // When a second steady 0.8 starts over it, a bell over a sit, for 4800 frames
        let second = program([Float](repeating: 0.8, count: 9600), on: engine, opener: OutputOpener { output })
        try second.start()
        #expect(output.waitUntil { $0.rewriteFrames.count == 2 })
        play(24_000, on: output)
        // Then the first alone is heard as it was rendered, to the bit
        let heard = left(output.heard)
        let start = 4800 + 256
        #expect(heard[256..<start].allSatisfy { $0 == 0.8 })
        // And the two together, 1.6, never pass the ceiling
        let together = heard[start..<(start + 4800)]
        #expect(together.allSatisfy { $0 <= PeakCeiling.defaultCeiling && $0 > 0.5 })
        #expect(output.protocolViolations.isEmpty)
    }

    @Test("a program beyond the engine's room is refused when it starts, never announced and then dropped")
    func programsBeyondTheRoomAreRefused() throws {
        // Given an engine holding as many programs as it has room for
        let (output, engine) = halfSecondEngine()
        defer { engine.stop() }
        #expect(output.waitUntilHolding(24_000))
        var programs: [EngineProgram] = []
        for _ in 0..<ProgramRoom.count {
            let next = program([Float](repeating: 0.01, count: 96_000), on: engine, opener: OutputOpener { output })
            try next.start()
            programs.append(next)
        }
        // When one more starts
        let extra = program([Float](repeating: 0.01, count: 96_000), on: engine, opener: OutputOpener { output })
        // Then it is refused with the engine's reason
        #expect(throws: OutputError.engineFull(programs: ProgramRoom.count)) { try extra.start() }
        #expect(programs.allSatisfy { !$0.isFinished })
    }
}
