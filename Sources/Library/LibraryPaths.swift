import Foundation
import SyncFolder

/// Where the library lives: `$XDG_DATA_HOME/meditate` (by default `~/.local/share/meditate`),
/// with the database and the folder of copied tracks in it.
public struct LibraryPaths: Sendable, Equatable {
    public let folder: String
    /// The folder whose `history/` holds every device's history files (`history-folder`): the
    /// data folder unless a folder a file sync carries is set.
    public let history: String

    public init(folder: String, history: String? = nil) {
        self.folder = folder
        self.history = history ?? folder
    }

    /// The folder the XDG base-directory rules give for this environment.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        folder = DataFolder.path(environment: environment)
        history = folder
    }

    /// The same library, its history's files in `folder` (nil: the data folder).
    public func keepingHistory(in folder: String?) -> LibraryPaths {
        LibraryPaths(folder: self.folder, history: folder)
    }

    public var database: String { folder + "/library.sqlite" }
    /// Where `import --copy` puts its copies.
    public var tracks: String { folder + "/tracks" }
}
