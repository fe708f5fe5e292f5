import ArgumentParser
import Localization
import Session
import Settings

/// How a guided track plays, and the silent sit that may follow it: shared by `play` and
/// `render --guided`.
struct GuidedOptions: ParsableArguments {
    /// Their heading in the help of commands that take `--guided TRACK`.
    static var titleWithGuided: String {
        localized("Guided track (with --guided)", de: "Geführte Aufnahme (mit --guided)")
    }

    @Option(
        name: .customLong("then"),
        help: .localized(
            "After the track, sit in silence for this many minutes: a gong opens the sit, bells and a completion gong follow as for the timer.",
            de:
                "Nach der Aufnahme so viele Minuten still sitzen: ein Gong eröffnet das Sitzen, Glocken und Schlussgong folgen wie beim Timer.",
            valueName: "minutes"))
    var thenMinutes: ExactDecimal?

    @Option(
        help: .localized(
            "Seconds between the track's last frame and the gong that opens the sit (default \(SettingKeys.gap.defaultValue)).",
            de:
                "Sekunden zwischen dem letzten Frame der Aufnahme und dem Gong, der das Sitzen eröffnet (Standard \(SettingKeys.gap.defaultValue)).",
            valueName: "seconds"))
    var gap: ExactDecimal?

    @Option(
        name: .customLong("target"), parsing: .unconditional,
        help: .localized(
            "Loudness the track is brought to, in LUFS (-40 to -6; default \(SettingKeys.target.defaultValue)).",
            de:
                "Lautheit, auf die die Aufnahme gebracht wird, in LUFS (-40 bis -6; Standard \(SettingKeys.target.defaultValue)).",
            valueName: "lufs"))
    var targetLoudness: ExactDecimal?

    @Flag(
        inversion: .prefixedNo,
        help: .localized(
            "Bring the track to the target loudness, or play it at its own level (default: normalise).",
            de:
                "Die Aufnahme auf die Ziel-Lautheit bringen oder in ihrem eigenen Pegel spielen (Standard: normalisieren)."
        ))
    var normalize: Bool?

    func validate() throws {
        do {
            try request.validate()
        } catch let refusal as RequestRefusal {
            // A usage error, as ArgumentParser's own are.
            throw ValidationError(refusal.line)
        }
    }

    /// How the track is asked to play, as a client would ask for it.
    var request: GuidedRequest {
        GuidedRequest(then: thenMinutes, gap: gap, target: targetLoudness, normalize: normalize)
    }
}
