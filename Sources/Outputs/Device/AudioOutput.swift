/// A sound device that plays interleaved stereo Float32 frames at the engine's rate.
///
/// Every method is called from one thread, the output thread, except `open` (where the device
/// is made) and `summary`. Backends are small types behind this protocol; a new sound system is
/// one new file.
public protocol AudioOutput: AnyObject {
    /// What was opened, with the buffer actually negotiated, for `--verbose`.
    var summary: String { get }
    /// Blocks until the device has taken every frame, and returns how many frames written so far
    /// it has not played yet (one call, so that a busy device is asked once per write). An
    /// underrun is recovered and counted, not thrown; a device that has gone away throws
    /// `OutputError.deviceLost`.
    /// Thread: output.
    func write(_ interleaved: UnsafeBufferPointer<Float>) throws(OutputError) -> Int
    /// How many frames the device asks for at a time (PulseAudio's request, an ALSA period).
    var requestFrames: Int { get }
    /// How many frames the device holds at most, written but not played.
    var bufferFrames: Int { get }
    /// The first frame (counted from this output's first) that the device has not yet taken
    /// beyond recall, when it can replace frames it holds; nil when it cannot.
    /// Thread: output.
    func rewritableFrame() -> Int?
    /// Whether the device can replace frames it holds at all (`rewritableFrame()` is not always
    /// nil): a seek is then heard within the latency, and aimed from what is heard.
    var takesBack: Bool { get }
    /// Frames `write` takes now without waiting; `Int.max` for a device whose `write` waits.
    /// Thread: output.
    func writableFrames() -> Int
    /// Waits until the device asks for frames, something else happens on its connection,
    /// `interrupt()` is called, or `milliseconds` (when given) have passed.
    /// Thread: output.
    func waitForRoom(milliseconds: Int?)
    /// Cuts `waitForRoom` short; callable from any thread while the output is alive.
    /// Thread: any, while the output is alive.
    func interrupt()
    /// Makes the next `write` replace what was written from `frame` (counted from this output's
    /// first) on; `frame` is at or after `rewritableFrame()`.
    /// Thread: output.
    func rewrite(from frame: Int)
    /// Frames written that the device has not played yet.
    /// Thread: output.
    func unplayedFrames() -> Int
    /// Frames the device may still be about to take after its clock says they were played: a
    /// sound server's sink renders in chunks of its latency, and its clock runs on between them.
    var playOutFrames: Int { get }
    /// Underruns recovered so far.
    var underruns: Int { get }
    /// Waits until everything written has been played.
    /// Thread: output.
    func drain()
}

extension AudioOutput {
    public var playOutFrames: Int { 0 }
    /// Thread: output.
    public func writableFrames() -> Int { .max }
    /// Thread: output.
    public func waitForRoom(milliseconds: Int?) {}
    /// Thread: any, while the output is alive.
    public func interrupt() {}
    /// Thread: output.
    public func rewritableFrame() -> Int? { nil }
    public var takesBack: Bool { false }
    /// Thread: output.
    public func rewrite(from frame: Int) {
        preconditionFailure("\(summary) cannot replace frames it holds")
    }
}
