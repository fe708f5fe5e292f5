/// What sounds while walking between sits, besides the gongs at each boundary: by default
/// nothing (a walk is silent); a sitter may keep the bed going, ring the bells, or both.
public enum WalkSounds: String, Sendable, CaseIterable, Hashable {
    case none
    /// The bed (noise or ambience) plays on through the walk, without falling and rising again.
    case bed
    /// The bells (every `interval`, or at random) ring in the walk as in a sit, counted from its start.
    case bells
    case both

    public var hasBed: Bool { self == .bed || self == .both }
    public var hasBells: Bool { self == .bells || self == .both }
}
