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
            return "--ambience-crossfade must be 0.1 to 30 seconds (got \(Self.seconds(seconds)))"
        case let .ambienceTooShort(path, seconds, crossfade):
            return
                "ambience '\(path)' lasts \(Self.seconds(seconds)) s; a loop needs at least \(Self.seconds(2 * crossfade)) s (twice its \(Self.seconds(crossfade))-s cross-fade)"
        }
    }

    /// Seconds to a tenth, as the refusal says them (German swaps the point for a comma).
    public static func seconds(_ value: Double) -> String { String(format: "%.1f", value) }
}
