/// How samples are stored in a written file.
public enum SampleFormat: String, Sendable, CaseIterable {
    /// 16-bit signed integer, clipped (never wrapped) at full scale.
    case s16
    /// 32-bit IEEE float, exactly the mixer's samples.
    case f32
}
