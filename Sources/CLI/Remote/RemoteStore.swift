import Foundation
import Localization
import Settings

/// The services on other machines this user paired with (`meditate pair`), each with its token:
/// `remotes.json` beside config.toml, readable by the user alone (0600), as a token is a key to
/// that service. Known by the device's id, so a service found again under another address is
/// the same pairing.
struct RemoteStore {
    struct Remote: Codable, Equatable {
        /// The device's id (`/service.json`, the `id` TXT record).
        var id: String
        var name: String
        /// Where it was paired: `http://192.0.2.2:8080/`.
        var url: String
        var token: String
    }

    private struct File: Codable {
        var remotes: [Remote]
    }

    let path: String
    private(set) var remotes: [Remote]

    /// The file beside config.toml; no file is no pairing yet.
    static func load(environment: [String: String] = ProcessEnvironment.variables) throws(RemoteError) -> RemoteStore {
        let path =
            (ConfigFile.defaultPath(environment: environment) as NSString).deletingLastPathComponent
            + "/remotes.json"
        guard FileManager.default.fileExists(atPath: path) else { return RemoteStore(path: path, remotes: []) }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return RemoteStore(path: path, remotes: try JSONDecoder().decode(File.self, from: data).remotes)
        } catch {
            throw .unreadableStore(path: path)
        }
    }

    func remote(id: String) -> Remote? { remotes.first { $0.id == id } }

    /// Keeps `remote`, replacing any earlier pairing with the same service.
    /// Forgets the pairings of `ids`.
    mutating func forget(_ ids: [String]) {
        remotes.removeAll { ids.contains($0.id) }
    }

    mutating func keep(_ remote: Remote) {
        remotes.removeAll { $0.id == remote.id }
        remotes.append(remote)
    }

    /// Writes the file (0600, its folder made when missing), replacing the old one whole.
    func save() throws(RemoteError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let data = try encoder.encode(File(remotes: remotes)) + Data("\n".utf8)
            let temporary = path + ".new"
            // Made 0600 before the token is written into it.
            guard
                FileManager.default.createFile(
                    atPath: temporary, contents: nil, attributes: [.posixPermissions: 0o600])
            else { throw CocoaError(.fileWriteNoPermission) }
            try data.write(to: URL(fileURLWithPath: temporary))
            guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            throw .unwritableStore(path: path)
        }
    }
}
