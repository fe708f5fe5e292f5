import Decoders
import Foundation
import Practice
import Session
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

extension SitSoundRequest {
    /// The same sounds with their gong (each role's too) and ambience files named from the root.
    var withClientPaths: SitSoundRequest {
        typealias K = SettingKeys
        var request = self
        request[K.gong] = self[K.gong].map(ClientPath.absolute)
        for role in GongRole.allCases {
            if case let .value(name)? = self[K.gong(for: role)] {
                request[K.gong(for: role)] = .value(ClientPath.absolute(name))
            }
        }
        if case let .value(name)? = self[K.ambience] { request[K.ambience] = .value(ClientPath.absolute(name)) }
        return request
    }
}

extension SitSoundRequest {
    /// Refuses a gong or a bed named as a path (it has a '/') that is not there, as a sit played
    /// here refuses it: a service on this machine hides what its files are from its clients,
    /// and would say "not a playable audio file" where this process may say "no such file".
    func checkedHere() throws {
        typealias K = SettingKeys
        var named: [(key: String, path: String)] = []
        if case let .value(name)? = self[K.ambience] { named.append((K.ambience.name, name)) }
        if let name = self[K.gong] { named.append((K.gong.name, name)) }
        for role in GongRole.allCases {
            if case let .value(name)? = self[K.gong(for: role)] { named.append((K.gong(for: role).name, name)) }
        }
        for (key, path) in named where path.contains("/") && !FileManager.default.fileExists(atPath: path) {
            throw SettingUseFailure.naming(flag: key, DecoderError.fileNotFound(path: path))
        }
    }
}

extension SitRequest {
    /// The same sit with its files named from the root, for the service to open.
    var withClientPaths: SitRequest {
        var request = self
        request.sound = sound.withClientPaths
        return request
    }
}

extension PlayRequest {
    /// The same track with its file, gong and ambience named from the root, for the service to open.
    var withClientPaths: PlayRequest {
        var request = self
        request.track = ClientPath.absolute(track)
        request.sound = sound.withClientPaths
        return request
    }
}
