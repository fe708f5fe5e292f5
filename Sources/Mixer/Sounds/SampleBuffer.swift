/// Preloaded audio at the engine rate, interleaved stereo, immutable once made: Float32 it owns,
/// or 16-bit samples it borrows from something that keeps them (a mapped file).
///
/// A gong is loaded once on the control side, then shared by every voice that strikes it. The
/// render thread only reads it and never drops the last reference: finished voices hand their
/// buffers back to the control side (see `MixerController.collectGarbage`).
public final class SampleBuffer: @unchecked Sendable {
    /// The samples as they are stored.
    public enum Samples {
        case float32(UnsafeBufferPointer<Float>)
        /// Full scale is 32768, as libsndfile reads 16-bit files: the same floats, exactly.
        case int16(UnsafeBufferPointer<Int16>)
    }

    public let storage: Samples
    public let frameCount: Int
    /// What frees or keeps the samples: owned Float32 storage, or the owner of borrowed ones.
    private let keeper: Keeper

    private enum Keeper {
        case owned(UnsafeMutableBufferPointer<Float>)
        case borrowed(AnyObject)
    }

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
    public init<Failure: Error>(
        capacityFrames: Int,
        fill: (UnsafeMutableBufferPointer<Float>) throws(Failure) -> Int
    ) throws(Failure) {
        let owned = UnsafeMutableBufferPointer<Float>.allocate(capacity: max(capacityFrames * 2, 2))
        let frames: Int
        do {
            frames = min(
                max(0, try fill(UnsafeMutableBufferPointer(rebasing: owned[0..<(capacityFrames * 2)]))),
                capacityFrames)
        } catch {
            owned.deallocate()
            throw error
        }
        keeper = .owned(owned)
        storage = .float32(UnsafeBufferPointer(rebasing: owned[0..<(frames * 2)]))
        frameCount = frames
    }

    /// Plays 16-bit interleaved stereo samples where they lie; `owner` keeps them valid for as
    /// long as the buffer lives.
    public init(int16Stereo samples: UnsafeBufferPointer<Int16>, keptBy owner: any AnyObject & Sendable) {
        precondition(samples.count % 2 == 0, "interleaved stereo has an even sample count")
        keeper = .borrowed(owner)
        storage = .int16(samples)
        frameCount = samples.count / 2
    }

    deinit {
        if case let .owned(owned) = keeper { owned.deallocate() }
    }

    /// Sample `index` of the interleaved samples, as the mixer plays it.
    public subscript(sample index: Int) -> Float {
        switch storage {
        case let .float32(samples): samples[index]
        case let .int16(samples): Float(samples[index]) * SampleBuffer.int16Scale
        }
    }

    /// Every sample as the mixer plays it (a copy, for checks).
    var floatSamples: [Float] { (0..<(frameCount * 2)).map { self[sample: $0] } }

    /// 1/32768: a power of two, so that a scaled sample times a gain is exactly the sample times
    /// the scaled gain.
    public static let int16Scale: Float = 1.0 / 32768
}
