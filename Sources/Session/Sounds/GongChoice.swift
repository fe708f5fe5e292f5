import Foundation

/// What `--gong` names: a bundled sound, a file, or no sound at all.
public enum GongChoice: Sendable, Equatable {
    case bundled(BundledSound)
    case file(String)
    /// `none`: a sit of the bed alone, to fall asleep to (no start, bell or completion gong).
    case silent

    /// The name that asks for no gong.
    public static let silentName = "none"

    public static let `default` = GongChoice.bundled(.bowl)

    /// A bundled name, `none`, or else anything that looks like a path.
    public init(argument: String) throws(SoundError) {
        if argument.lowercased() == Self.silentName {
            self = .silent
        } else if let sound = BundledSound(rawValue: argument.lowercased()) {
            self = .bundled(sound)
        } else if argument.contains("/") || argument.contains(".") {
            self = .file(argument)
        } else {
            throw .unknownName(argument)
        }
    }

    /// The file to decode; nil for no gong.
    public func path(locator: SoundLocator) throws(SoundError) -> String? {
        switch self {
        case .silent:
            return nil
        case let .file(path):
            return path
        case let .bundled(sound):
            guard let path = locator.path(of: sound) else {
                throw .bundledSoundMissing(sound, searched: locator.candidates)
            }
            return path
        }
    }
}
