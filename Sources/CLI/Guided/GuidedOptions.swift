import ArgumentParser
import Session

/// How a guided track plays, and the silent sit that may follow it: shared by `play` and
/// `render --guided`.
struct GuidedOptions: ParsableArguments {
    @Option(name: .customLong("then"), help: ArgumentHelp(
        "After the track, sit in silence for this many minutes: a gong opens the sit, bells and a completion gong follow as for the timer.",
        valueName: "minutes"))
    var thenMinutes: ExactDecimal?

    @Option(help: ArgumentHelp("Seconds between the track's last frame and the gong that opens the sit (default 5).",
                               valueName: "seconds"))
    var gap: ExactDecimal?

    @Option(name: .customLong("target"), parsing: .unconditional, help: ArgumentHelp(
        "Loudness the track is brought to, in LUFS (-40 to -6).", valueName: "lufs"))
    var targetLoudness = LoudnessNormalization.defaultTarget

    @Flag(name: .customLong("no-normalize"), help: "Play the track at its own level.")
    var noNormalize = false

    static let defaultGapSeconds = ExactDecimal(5)

    func validate() throws {
        guard LoudnessNormalization.targetRange.contains(targetLoudness) else {
            throw ValidationError("--target must be between -40 and -6 LUFS, not \(targetLoudness)")
        }
        if let thenMinutes {
            guard thenMinutes.isPositive, thenMinutes <= SessionConfiguration.maxMinutes else {
                throw ValidationError("--then must be more than 0 and at most \(SessionConfiguration.maxMinutes) minutes, not \(thenMinutes)")
            }
        } else if gap != nil {
            throw ValidationError("--gap is the pause before the sit that --then adds; give --then too")
        }
        if let gap {
            guard !gap.isNegative, gap <= SessionConfiguration.maxCountdownSeconds else {
                throw ValidationError("--gap must be between 0 and \(SessionConfiguration.maxCountdownSeconds) seconds, not \(gap)")
            }
        }
    }

    /// The sit after the track, if `--then` asks for one.
    func sitPlan(sound: SitSoundOptions) throws -> SessionPlan? {
        guard let thenMinutes else {
            if sound.shapesASit {
                throw ValidationError("--interval, --bells and --noise shape the sit after the track; add --then MINUTES")
            }
            return nil
        }
        var c = SessionConfiguration()
        c.minutes = thenMinutes
        c.countdownSeconds = gap ?? Self.defaultGapSeconds
        sound.apply(to: &c)
        return try SessionPlan(c)
    }

    /// The gain for a track of this loudness and peak.
    func normalization(of track: GuidedTrack) -> LoudnessNormalization {
        noNormalize ? .unity : LoudnessNormalization(loudness: track.loudness, peak: track.peak, target: targetLoudness)
    }
}
