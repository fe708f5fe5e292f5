import CSoxr

/// Sample-rate conversion of interleaved stereo Float32 through libsoxr, high quality (20-bit
/// precision, flat to 91.3 % of the lower Nyquist frequency, nothing aliased): for the rates
/// `PolyphaseResampler` does not take, such as a 22.05 kHz or 32 kHz source.
/// Runs on decoder or control threads only, never on the render thread.
final class SoxrResampler: Resampling {
    private let soxr: soxr_t
    let inputRate: Int
    let outputRate: Int

    init(inputRate: Int, outputRate: Int, channels: Int = 2) throws(DecoderError) {
        var error: soxr_error_t?
        // Default specs: Float32 interleaved in and out, high quality, one thread.
        guard
            let soxr = soxr_create(
                Double(inputRate), Double(outputRate), UInt32(channels),
                &error, nil, nil, nil), error == nil
        else {
            throw .resamplerFailed(reason: error.map { String(cString: $0) } ?? "soxr_create failed")
        }
        self.soxr = soxr
        self.inputRate = inputRate
        self.outputRate = outputRate
    }

    deinit { soxr_delete(soxr) }

    /// Converts up to `inputFrames` frames (nil input: flush what the filter still holds) into
    /// at most `outputCapacity` frames, held within ±`StereoChunkReader.sampleLimit`. Returns
    /// the frames consumed and produced.
    func process(
        _ input: UnsafePointer<Float>?, inputFrames: Int,
        into output: UnsafeMutablePointer<Float>, outputCapacity: Int
    ) throws(DecoderError) -> (consumed: Int, produced: Int) {
        var consumed = 0
        var produced = 0
        let error = soxr_process(
            soxr, input, input == nil ? 0 : inputFrames, &consumed,
            output, outputCapacity, &produced)
        if let error { throw .resamplerFailed(reason: String(cString: error)) }
        Self.clampToLimit(output, count: produced * 2)
        return (consumed, produced)
    }

    /// Holds every sample within ±`StereoChunkReader.sampleLimit`: the filter rings past its
    /// input's peak, and samples held to the limit before it are held to it after it too.
    /// (The polyphase resampler's kernel does the same itself.)
    private static func clampToLimit(_ samples: UnsafeMutablePointer<Float>, count: Int) {
        // Eight at a time, with compares and selects: Swift's min and max order NaN, which
        // keeps a plain loop scalar, and SIMD's pointwiseMin and pointwiseMax are not inlined
        // (they cost more than the resampling).
        let limit = StereoChunkReader.sampleLimit
        let low = SIMD8<Float>(repeating: -limit), high = SIMD8<Float>(repeating: limit)
        var index = 0
        while index + 8 <= count {
            let raw = UnsafeMutableRawPointer(samples + index)
            let lanes = raw.loadUnaligned(as: SIMD8<Float>.self)
            let held = lanes.replacing(with: high, where: lanes .> high).replacing(with: low, where: lanes .< low)
            raw.storeBytes(of: held, as: SIMD8<Float>.self)
            index += 8
        }
        while index < count {
            samples[index] = min(max(samples[index], -limit), limit)
            index += 1
        }
    }

    /// Forgets the signal so far (after a seek).
    func reset() { soxr_clear(soxr) }
}
