/// What the coordinator tells a source to do. The source carries it out with a fade and reports
/// back (`fadeFinished`, `report`). Values, so that a control socket can carry them later.
public enum CoordinatorDirective: Sendable, Equatable, Codable {
    /// Fade out and hold the position.
    case pause(AudioSource)
    /// Fade back in from the held position.
    case resume(AudioSource)
}
