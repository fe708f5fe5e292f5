import ArgumentParser
import Session
import Settings

/// How a guided track plays, with every setting resolved.
struct GuidedPlayback {
    /// Minutes of the silent sit after the track, if there is one.
    let then: ExactDecimal?
    let gap: ExactDecimal
    let target: Double
    let normalize: Bool

    /// The sit after the track, if `then` asks for one.
    func sitPlan(sound: SitSound) throws -> SessionPlan? {
        guard let then else {
            if sound.shapesASit {
                throw ValidationError(
                    localized(
                        "--interval, --bells and --noise shape the sit after the track; add --then MINUTES",
                        de:
                            "--interval, --bells und --noise gestalten das Sitzen nach der Aufnahme; gib --then MINUTEN an"
                    ))
            }
            return nil
        }
        var c = SessionConfiguration()
        c.minutes = then
        c.countdownSeconds = gap
        sound.apply(to: &c)
        return try SessionPlan(c)
    }

    /// The gain for a track of this loudness and peak.
    func normalization(of track: GuidedTrack) -> LoudnessNormalization {
        normalize ? LoudnessNormalization(loudness: track.loudness, peak: track.peak, target: target) : .unity
    }
}
