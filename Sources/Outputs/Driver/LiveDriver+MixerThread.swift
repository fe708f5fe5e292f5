import Dispatch
import Foundation
import Mixer
import Rings

/// The mixer thread: renders blocks ahead of the output thread into the ring, up to the
/// horizon the control side has sent every command for.
extension LiveDriver {
    /// Thread: mixer.
    func runMixer() {
        // Ctrl-C, SIGTERM and SIGHUP are left to the control thread: delivered there, they cut
        // its wait short, so it can sleep long between polls and still answer one at once.
        InterruptionSignals.mask(SIG_BLOCK)
        ThreadPriority.requestRealtime()
        let samples = blockFrames * 2
        let block = UnsafeMutablePointer<Float>.allocate(capacity: samples)
        defer { block.deallocate() }
        var unannounced = false
        while !stopping.load(ordering: .acquiring) {
            let end = endFrameValue.load(ordering: .acquiring)
            if renderer.frame >= end { break }
            let limit = min(end, horizonFrame.load(ordering: .acquiring))
            let frames = min(blockFrames, limit - renderer.frame)
            // A cut waits for its frame: the device's queue the mixer keeps ahead of is about to
            // be taken back, so it renders past that lead at once.
            let cut = cutFrame.load(ordering: .acquiring)
            let cutWaits = cut >= 0 && renderer.frame - cut < cutRoomFrames
            guard frames > 0, ring.availableToRead < aheadFrames * 2 || cutWaits,
                ring.availableToWrite >= frames * 2
            else {
                // The output thread is told once the ring is as full as it gets, not per block:
                // each wake-up of a thread costs more than rendering a block.
                if unannounced {
                    engine.signal(interrupting: false)
                    unannounced = false
                }
                // Every change the wait is for signals it; the time-out is only a safety net, long
                // because each wake-up costs as much as rendering several blocks.
                _ = roomMade.wait(timeout: .now() + .seconds(2))
                continue
            }
            // Seconds ahead of the device, a guided track's decoder may not have caught up yet
            // (at the start, or after a seek): the device has plenty queued, so the mixer waits
            // a little for it instead of rendering a gap.
            var decoderWaits = 0
            while !renderer.streamsCanRender(frames: frames) && decoderWaits < 50
                && !stopping.load(ordering: .acquiring)
            {
                Thread.sleep(forTimeInterval: 0.002)
                decoderWaits += 1
            }
            let span = ring.writableSpan()
            if span.count >= frames * 2, let base = span.baseAddress {
                // Straight into the ring, when it does not wrap inside the block.
                renderer.render(into: base, frames: frames)
                ring.commitWrite(frames * 2)
            } else {
                renderer.render(into: block, frames: frames)
                _ = ring.write(UnsafeBufferPointer(start: block, count: frames * 2))
            }
            unannounced = true
        }
        renderingDone.store(true, ordering: .releasing)
        engine.signal(interrupting: false)
    }
}
