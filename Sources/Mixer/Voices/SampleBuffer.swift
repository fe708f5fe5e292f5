/// Preloaded audio in the engine format (interleaved stereo Float32), immutable once made.
///
/// A gong is decoded and resampled once on the control side, then shared by every voice that
/// strikes it. The render thread only reads it and never drops the last reference: finished
/// voices hand their buffers back to the control side (see `MixerController.collectGarbage`).
public final class SampleBuffer: @unchecked Sendable {
    /// Interleaved stereo samples, `frameCount * 2` of them.
    public let samples: UnsafeBufferPointer<Float>
    public let frameCount: Int

    /// Copies interleaved stereo samples.
    public init(interleavedStereo source: [Float]) {
        precondition(source.count % 2 == 0, "interleaved stereo has an even sample count")
        let storage = UnsafeMutableBufferPointer<Float>.allocate(capacity: max(source.count, 2))
        _ = storage.initialize(from: source)
        samples = UnsafeBufferPointer(rebasing: storage[0..<source.count])
        frameCount = source.count / 2
    }

    deinit {
        UnsafeMutableRawPointer(mutating: samples.baseAddress)?.deallocate()
    }
}
