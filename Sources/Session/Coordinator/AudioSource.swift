/// The two things that can own the audio, as in the original app.
public enum AudioSource: String, Sendable, Codable, CaseIterable {
    case timer
    case guided
}
