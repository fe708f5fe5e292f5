/// The mixer's buses: every voice plays on one, and each has its own gain.
public enum Bus: Int, Sendable, CaseIterable {
    case gongs = 0
    case noise = 1
    case guided = 2
}
