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
        StereoChunkReader.clampToLimit(output, count: produced * 2)
        return (consumed, produced)
    }

    /// Forgets the signal so far (after a seek).
    func reset() { soxr_clear(soxr) }
}
