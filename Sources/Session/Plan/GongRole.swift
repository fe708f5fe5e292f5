/// What a gong marks in a sit: each role may have its own sound, volume and strikes (a soft bell
/// between a full start and end), falling back to the sit's `--gong`, `--gong-volume` and
/// `--strikes`.
public enum GongRole: String, Sendable, CaseIterable, Hashable {
    case start
    /// The bells during a sit (every N minutes, at given minutes, or at random).
    case interval
    /// A boundary between two segments: back to sitting, and into a walk unless `walk` has its own.
    case transition
    /// The boundary into a walk: a sitter who wants three strikes to rise and one to sit again,
    /// or another sound to walk to, sets this apart from `transition`.
    case walk
    /// The completion gong.
    case end

    /// The role whose own value this one takes when it has none, before the sit's general one:
    /// the gong into a walk is the transition's unless told otherwise, so `--transition-strikes`
    /// still sets both boundaries.
    public var fallback: GongRole? { self == .walk ? .transition : nil }

    /// This role's own value among `values`, or its fallback's.
    public func value<Value>(in values: [GongRole: Value]) -> Value? {
        values[self] ?? fallback.flatMap { values[$0] }
    }
}
