import Localization
import Session

/// How a guided track plays, with every setting resolved.
package struct GuidedPlayback: Sendable {
    package init(then: ExactDecimal?, gap: ExactDecimal, target: Double, normalize: Bool) {
        self.then = then
        self.gap = gap
        self.target = target
        self.normalize = normalize
    }

    /// Minutes of the silent sit after the track, if there is one.
    package let then: ExactDecimal?
    package let gap: ExactDecimal
    package let target: Double
    package let normalize: Bool

    /// The sit after the track, if `then` asks for one.
    package func sitPlan(sound: SitSound) throws -> SessionPlan? {
        guard let then else {
            if sound.shapesASit {
                throw RequestRefusal(
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

    /// The gain for a track of this loudness (LUFS; nil: not measured) and linear peak.
    package func normalization(loudness: Double?, peak: Double) -> LoudnessNormalization {
        normalize ? LoudnessNormalization(loudness: loudness, peak: peak, target: target) : .unity
    }
}
