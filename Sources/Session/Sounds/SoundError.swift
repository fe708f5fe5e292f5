import Foundation

/// Why a gong sound could not be had.
public enum SoundError: LocalizedError, Equatable {
    case unknownName(String)
    case bundledSoundMissing(BundledSound, searched: [String])
    /// An ambience too short to loop: its laps would be all cross-fade.
    case ambienceTooShort(path: String, seconds: Double, crossfadeSeconds: Double)
    case crossfadeOutOfRange(seconds: Double)

    public var errorDescription: String? {
        switch self {
        case let .unknownName(name):
            let names = BundledSound.allCases.map(\.rawValue).joined(separator: ", ")
            return "unknown gong '\(name)': use one of \(names), or a path to an audio file"
        case let .bundledSoundMissing(sound, _):
            return
                "the bundled sound '\(sound.fileName)' is not installed; set MEDITATE_SOUNDS to the folder that holds it"
        case let .crossfadeOutOfRange(seconds):
            return "--ambience-crossfade must be 0.1 to 30 seconds (got \(Self.given(seconds)))"
        case let .ambienceTooShort(path, seconds, crossfade):
            return
                "ambience '\(path)' lasts \(Self.seconds(seconds, .down)) s; a loop needs at least \(Self.seconds(2 * crossfade, .up)) s (twice its \(Self.seconds(crossfade))-s cross-fade)"
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
