/// A decoder of one audio file to interleaved Float32 in the file's own rate and channels.
///
/// Decoders are used from one thread at a time (the decoder thread, or the control side while
/// preloading); they are never touched by the render thread.
public protocol AudioDecoder: AnyObject {
    var path: String { get }
    var sourceFormat: SourceFormat { get }
    /// The exact number of frames the file decodes to.
    var frameCount: Int { get }
    var metadata: AudioMetadata { get }
    /// Decodes up to `maxFrames` frames into `buffer` (interleaved, `sourceFormat.channels`
    /// per frame); returns the frames decoded, 0 at the end.
    func read(into buffer: UnsafeMutablePointer<Float>, maxFrames: Int) throws(DecoderError) -> Int
    /// Moves to `frame` (in source frames); the next read starts there.
    func seek(toFrame frame: Int) throws(DecoderError)
}

extension AudioDecoder {
    /// Duration in seconds, from the exact frame count.
    public var duration: Double { Double(frameCount) / Double(sourceFormat.sampleRate) }
}
