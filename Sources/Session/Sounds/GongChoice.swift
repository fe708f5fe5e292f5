import Foundation

/// What `--gong` names: a bundled sound or a file.
public enum GongChoice: Sendable, Equatable {
    case bundled(BundledSound)
    case file(String)

    public static let `default` = GongChoice.bundled(.bowl)

    /// A bundled name, or else anything that looks like a path.
    public init(argument: String) throws(SoundError) {
        if let sound = BundledSound(rawValue: argument.lowercased()) {
            self = .bundled(sound)
        } else if argument.contains("/") || argument.contains(".") {
            self = .file(argument)
        } else {
            throw .unknownName(argument)
        }
    }

    /// The file to decode.
    public func path(locator: SoundLocator) throws(SoundError) -> String {
        switch self {
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
