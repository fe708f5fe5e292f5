import Outputs

/// Where the engine writes while it has closed its device for a quiet spell: nothing is played,
/// nothing is held, and the clock stands still until the device is opened again.
final class ClosedOutput: AudioOutput {
    let summary: String
    let requestFrames: Int
    let bufferFrames: Int

    init(after previous: any AudioOutput) {
        summary = previous.summary
        requestFrames = previous.requestFrames
        bufferFrames = previous.bufferFrames
    }

    /// Thread: output.
    func write(_ interleaved: UnsafeBufferPointer<Float>) throws(OutputError) -> Int { 0 }
    /// Thread: output.
    func unplayedFrames() -> Int { 0 }
    var underruns: Int { 0 }
    /// Thread: output.
    func drain() {}
}
