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
