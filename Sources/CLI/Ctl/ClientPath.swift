import Foundation
import Settings

/// A file a client names, as the service (with a working folder of its own) must be given it.
enum ClientPath {
    /// A file named relative to this process's folder, made absolute; a title, an id or a
    /// bundled sound's name (no such file here) is left as it is.
    static func absolute(_ name: String) -> String {
        guard !name.hasPrefix("/"), FileManager.default.fileExists(atPath: name) else { return name }
        return FileManager.default.currentDirectoryPath + "/" + name
    }
}

extension SitRequest {
    /// The same sit with its gong and ambience files named from the root, for the service to open.
    var withClientPaths: SitRequest {
        var request = self
        request.sound.gong = sound.gong.map(ClientPath.absolute)
        if case let .value(name)? = sound.ambience { request.sound.ambience = .value(ClientPath.absolute(name)) }
        return request
    }
}

extension PlayRequest {
    /// The same track with its file and gong named from the root, for the service to open.
    var withClientPaths: PlayRequest {
        var request = self
        request.track = ClientPath.absolute(track)
        request.sound.gong = sound.gong.map(ClientPath.absolute)
        return request
    }
}
