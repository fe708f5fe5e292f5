import Foundation

/// Why a gong sound could not be had.
public enum SoundError: LocalizedError, Equatable {
    case unknownName(String)
    case bundledSoundMissing(BundledSound, searched: [String])

    public var errorDescription: String? {
        switch self {
        case let .unknownName(name):
            let names = BundledSound.allCases.map(\.rawValue).joined(separator: ", ")
            return "unknown gong '\(name)': use one of \(names), or a path to an audio file"
        case let .bundledSoundMissing(sound, _):
            return
                "the bundled sound '\(sound.fileName)' is not installed; set MEDITATE_SOUNDS to the folder that holds it"
        }
    }
}
