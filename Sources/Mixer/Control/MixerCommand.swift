/// A change the control side asks of the render side, applied at an exact frame.
public enum MixerCommand: Sendable {
    /// Starts `source` on `bus`; its gain ramps from 0 to `gain` over `fadeFrames`
    /// (0: the first sample plays at full gain, as a strike should).
    case play(VoiceID, VoiceSource, bus: Bus, gain: Float, fadeFrames: Int, curve: RampCurve)
    /// Ramps a voice's gain.
    case setVoiceGain(VoiceID, gain: Float, frames: Int, curve: RampCurve)
    /// Fades a voice out over `fadeFrames` and then ends it.
    case stop(VoiceID, fadeFrames: Int, curve: RampCurve)
    /// Ramps a bus's gain.
    case setBusGain(Bus, gain: Float, frames: Int, curve: RampCurve)
    /// Ramps the master gain.
    case setMasterGain(gain: Float, frames: Int, curve: RampCurve)
    /// Drops every command sent before this one that has not taken effect yet, and reports how
    /// many with `.pendingCancelled`. Pausing a timeline uses it: the control side sends the
    /// dropped commands again later, shifted by the pause.
    case cancelPending
}

/// A command and the absolute frame of the engine's stream at which it takes effect.
public struct TimedCommand: Sendable {
    public var frame: Int
    public var command: MixerCommand
    public init(frame: Int, _ command: MixerCommand) {
        self.frame = frame
        self.command = command
    }
}

/// What the render side reports back.
public enum MixerEvent: Sendable, Equatable {
    /// A voice wrote its last frame before `frame`.
    case voiceEnded(VoiceID, frame: Int)
    /// A command arrived after its frame had been rendered and was applied at `appliedAt`.
    case commandLate(requested: Int, appliedAt: Int)
    /// A play command found every voice slot taken and was dropped.
    case voiceDropped(VoiceID)
    /// A `cancelPending` took effect at `frame` and dropped `dropped` commands.
    case pendingCancelled(frame: Int, dropped: Int)
}

/// Objects the render thread is done with, sent back so that their memory is freed elsewhere.
public enum RetiredObject: Sendable {
    case sample(SampleBuffer)
    case stream(StreamSource)
}
