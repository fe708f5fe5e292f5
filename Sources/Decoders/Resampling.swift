/// Sample-rate conversion of interleaved stereo Float32, chunk by chunk, on decoder or control
/// threads (never the render thread).
protocol Resampling: AnyObject {
    /// Converts up to `inputFrames` frames (nil input: flush what the filter still holds) into
    /// at most `outputCapacity` frames. Returns the frames consumed and produced. The output is
    /// held within ±`StereoChunkReader.sampleLimit`: the filter rings past its input's peak,
    /// and samples held to the limit before it are held to it after it too.
    func process(
        _ input: UnsafePointer<Float>?, inputFrames: Int,
        into output: UnsafeMutablePointer<Float>, outputCapacity: Int
    )
        throws(DecoderError) -> (consumed: Int, produced: Int)

    /// Forgets the signal so far (after a seek).
    func reset()
}

/// The converter for a pair of rates: meditate's own polyphase filter where it applies
/// (44.1 kHz and 48 kHz both ways, 88.2 and 96 kHz down), at a quarter of libsoxr's cost;
/// libsoxr for every other pair.
func makeResampler(inputRate: Int, outputRate: Int) throws(DecoderError) -> any Resampling {
    if let polyphase = PolyphaseResampler(inputRate: inputRate, outputRate: outputRate) { return polyphase }
    return try SoxrResampler(inputRate: inputRate, outputRate: outputRate)
}
