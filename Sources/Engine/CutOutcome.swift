import Outputs

/// What became of `EngineProgram.cut(toMixerFrame:fadeFrames:)`.
public enum CutOutcome: Sendable, Equatable {
    /// The mixer's frame asked for is played from this device frame on.
    case cut(atDeviceFrame: Int)
    /// Playback went on without a cut: the frame is played after what the device held.
    case declined
}
