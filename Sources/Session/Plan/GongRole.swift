/// What a gong marks in a sit: each role may have its own sound, volume and strikes (a soft bell
/// between a full start and end), falling back to the sit's `--gong`, `--gong-volume` and
/// `--strikes`.
public enum GongRole: String, Sendable, CaseIterable, Hashable {
    case start
    /// The bells during a sit (every N minutes, at given minutes, or at random).
    case interval
    /// A boundary between two segments (sitting, walking).
    case transition
    /// The completion gong.
    case end
}
