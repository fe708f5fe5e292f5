import Foundation

/// Where the library lives: `$XDG_DATA_HOME/meditate` (by default `~/.local/share/meditate`),
/// with the database and the folder of copied tracks in it.
public struct LibraryPaths: Sendable, Equatable {
    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// The folder the XDG base-directory rules give for this environment.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            folder = data + "/meditate"
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            folder = home + "/.local/share/meditate"
        }
    }

    public var database: String { folder + "/library.sqlite" }
    /// Where `import --copy` puts its copies.
    public var tracks: String { folder + "/tracks" }
}
