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
