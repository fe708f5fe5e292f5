/// The shape of a gain change.
public enum RampCurve: Sendable, Hashable {
    /// Gain moves in equal steps per frame.
    case linear
    /// Quarter-sine shape: a fade-in rises as sin, a fade-out falls as cos, so a crossfade
    /// between two uncorrelated signals keeps constant power.
    case equalPower
}
