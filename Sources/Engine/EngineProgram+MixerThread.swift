import Clock
import Foundation
import Mixer
import Outputs
import Rings

/// One program's turn on the engine's mixer thread: a block rendered ahead of the output thread
/// into the ring, up to the horizon the control side has sent every command for.
extension EngineProgram {
    /// What a turn did.
    enum MixerTurn {
        case rendered
        /// The ring is as full as it gets, or the horizon or the end is reached for now.
        case waiting
        /// A guided track's decoder has not caught up: the turn is tried again in a moment.
        case waitingForDecoder
        /// Nothing more is rendered: the program has ended or its stream is complete.
        case done
    }

    /// Renders the next block when the program has room and commands for it; `scratch` holds a
    /// block when the ring wraps inside it.
    /// Thread: mixer.
    func mixerTurn(scratch: UnsafeMutablePointer<Float>) -> MixerTurn {
        guard !stopping.load(ordering: .acquiring) else { return .done }
        let end = endFrameValue.load(ordering: .acquiring)
        if renderer.frame >= end { return .done }
        let limit = min(end, horizonFrame.load(ordering: .acquiring))
        let frames = min(blockFrames, limit - renderer.frame)
        // A cut waits for its frame: the device's queue the mixer keeps ahead of is about to
        // be taken back, so it renders past that lead at once.
        let cut = cutFrame.load(ordering: .acquiring)
        let cutWaits = cut >= 0 && renderer.frame - cut < cutRoomFrames
        guard frames > 0, ring.availableToRead < aheadFrames * 2 || cutWaits,
            ring.availableToWrite >= frames * 2
        else { return .waiting }
        // Seconds ahead of the device, a guided track's decoder may not have caught up yet
        // (at the start, or after a seek): the device has plenty queued, so the mixer waits a
        // little for it (turns 2 ms apart, for up to 100 ms) instead of rendering a gap.
        if !renderer.streamsCanRender(frames: frames) {
            let now = MonotonicClock.nanoseconds()
            if decoderWaitStart == 0 { decoderWaitStart = now }
            if now - decoderWaitStart < Self.decoderWaitNanoseconds { return .waitingForDecoder }
        }
        decoderWaitStart = 0
        let span = ring.writableSpan()
        if span.count >= frames * 2, let base = span.baseAddress {
            // Straight into the ring, when it does not wrap inside the block.
            renderer.render(into: base, frames: frames)
            ring.commitWrite(frames * 2)
        } else {
            renderer.render(into: scratch, frames: frames)
            _ = ring.write(UnsafeBufferPointer(start: scratch, count: frames * 2))
        }
        return .rendered
    }

    /// How long a guided track's decoder is waited for at most before a block is rendered anyway
    /// (its missing frames then play as silence, counted).
    static let decoderWaitNanoseconds = 100_000_000

    /// Tells the output thread that the program's last frame has been rendered.
    /// Thread: mixer.
    func renderingEnded() {
        renderingDone.store(true, ordering: .releasing)
        engine.signal(interrupting: false)
    }
}
