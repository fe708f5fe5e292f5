import Foundation
import Localization

/// Why a gong sound could not be had.
public enum SoundError: LocalizedError, Equatable, PhrasedError {
    case unknownName(String)
    case bundledSoundMissing(BundledSound, searched: [String])
    /// An ambience too short to loop: its laps would be all cross-fade.
    case ambienceTooShort(path: String, seconds: Double, crossfadeSeconds: Double)
    case crossfadeOutOfRange(seconds: Double)

    /// The English line (the German one: `phrase`).
    public var errorDescription: String? { phrase.english }

    /// The line in both languages.
    package var phrase: Phrase {
        switch self {
        case let .unknownName(name):
            let names = BundledSound.allCases.map(\.rawValue).joined(separator: ", ")
            return Phrase(
                "unknown gong '\(name)': use one of \(names), a path to an audio file, or none for no gong",
                de: "unbekannter Gong '\(name)': nimm \(names), den Pfad einer Audiodatei oder none für keinen Gong")
        case let .bundledSoundMissing(sound, _):
            return Phrase(
                "the bundled sound '\(sound.fileName)' is not installed; set MEDITATE_SOUNDS to the folder that holds it",
                de:
                    "der mitgelieferte Klang '\(sound.fileName)' ist nicht installiert; setze MEDITATE_SOUNDS auf den Ordner, der ihn enthält"
            )
        case let .crossfadeOutOfRange(seconds):
            return Phrase(
                "--ambience-crossfade must be 0.1 to 30 seconds (got \(Self.given(seconds)))",
                de:
                    "--ambience-crossfade muss 0,1 bis 30 Sekunden lang sein (angegeben: \(Language.de.decimal(Self.given(seconds))))"
            )
        case let .ambienceTooShort(path, seconds, crossfade):
            let (length, least, fade) = (
                Self.seconds(seconds, .down), Self.seconds(2 * crossfade, .up), Self.seconds(crossfade)
            )
            return Phrase(
                "ambience '\(path)' lasts \(length) s; a loop needs at least \(least) s (twice its \(fade)-s cross-fade)",
                de:
                    "Klangkulisse '\(path)' dauert \(Language.de.decimal(length)) s; eine Schleife braucht mindestens \(Language.de.decimal(least)) s (das Doppelte ihrer Überblendung von \(Language.de.decimal(fade)) s)"
            )
        }
    }

    /// Seconds to a tenth, as the refusal says them (German swaps the point for a comma). A
    /// length is rounded down and a minimum up, so that a file of 5.99 s is not said to last
    /// the 6.0 s it lacks.
    public static func seconds(
        _ value: Double, _ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero
    )
        -> String
    {
        // The nudge keeps a length that is whole tenths in frames (4.0 s) from rounding a tenth away.
        let nudge = rule == .down ? 1e-9 : rule == .up ? -1e-9 : 0
        return String(format: "%.1f", (value * 10 + nudge).rounded(rule) / 10)
    }

    /// A value as the person gave it (30.04, not 30.0), to six significant digits.
    public static func given(_ value: Double) -> String { String(format: "%g", value) }
}
