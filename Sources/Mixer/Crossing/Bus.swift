/// The mixer's buses: every voice plays on one, and each has a gain of its own (a fade of all
/// its voices at once). The mixer gives them no meaning; whoever plays on them names them
/// (the session's gongs, noise bed and guided track are `Bus+Session.swift` in Session).
public enum Bus: Int, Sendable, CaseIterable {
    case first = 0
    case second = 1
    case third = 2
    case fourth = 3
}
