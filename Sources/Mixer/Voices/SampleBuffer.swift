/// Preloaded audio in the engine format (interleaved stereo Float32), immutable once made.
///
/// A gong is decoded and resampled once on the control side, then shared by every voice that
/// strikes it. The render thread only reads it and never drops the last reference: finished
/// voices hand their buffers back to the control side (see `MixerController.collectGarbage`).
public final class SampleBuffer: @unchecked Sendable {
    /// Interleaved stereo samples, `frameCount * 2` of them.
    public let samples: UnsafeBufferPointer<Float>
    public let frameCount: Int
    private let storage: UnsafeMutableBufferPointer<Float>

    /// Copies interleaved stereo samples.
    public convenience init(interleavedStereo source: [Float]) {
        precondition(source.count % 2 == 0, "interleaved stereo has an even sample count")
        self.init(capacityFrames: source.count / 2) { storage in
            _ = storage.initialize(from: source)
            return source.count / 2
        }
    }

    /// Lets `fill` write up to `capacityFrames` frames straight into the buffer's own storage
    /// (a 20-second gong is 7.7 MB: a copy of it costs as much to fault in as the decode), and
    /// keeps the frames it says it wrote.
    public init<Failure: Error>(capacityFrames: Int,
                                fill: (UnsafeMutableBufferPointer<Float>) throws(Failure) -> Int) throws(Failure) {
        let storage = UnsafeMutableBufferPointer<Float>.allocate(capacity: max(capacityFrames * 2, 2))
        let frames: Int
        do {
            frames = min(max(0, try fill(UnsafeMutableBufferPointer(rebasing: storage[0..<(capacityFrames * 2)]))),
                         capacityFrames)
        } catch {
            storage.deallocate()
            throw error
        }
        self.storage = storage
        samples = UnsafeBufferPointer(rebasing: storage[0..<(frames * 2)])
        frameCount = frames
    }

    deinit {
        storage.deallocate()
    }
}
