import Control
import Foundation

/// A paired service on another machine reached for `meditate ctl --host NAME`: found in
/// remotes.json by its name ("meditate on pi" or "pi"), its host, `host:port` or its id; asked
/// first over HTTP who it is with the token (so that a refused token or a machine away is said
/// in one line), then spoken to over its WebSocket.
enum RemoteConnection {
    static func open(_ name: String) throws -> ControlClient {
        let store = try RemoteStore.load()
        guard let remote = find(name, in: store.remotes),
            let parts = URLComponents(string: remote.url), let host = parts.host
        else { throw RemoteError.notPaired(name: name) }
        let bare = HostPort.bare(host)
        let port = parts.port ?? 80
        // The service paired, known by its device's id: a name or address given to another
        // machine since is not this pairing's service.
        let answered = try identity(host: bare, port: port, token: remote.token)
        guard answered.id == remote.id else {
            throw RemoteError.otherService(address: HostPort.authority(host: bare, port: port), name: remote.name)
        }
        return try ControlClient(host: bare, port: port, token: remote.token)
    }

    /// What the service at `host:port` says it is (`/service.json`), asked with `token`: a
    /// machine away, a refused token and something that is not meditate are each one line.
    /// Its id is never empty.
    static func identity(host: String, port: Int, token: String) throws -> (id: String, name: String?) {
        let address = HostPort.authority(host: host, port: port)
        let answer: HTTPGet.Response
        do {
            answer = try HTTPGet.get(
                host: host, port: port, path: "/service.json", headers: [("Authorization", "Bearer \(token)")])
        } catch {
            throw RemoteError.unreachable(address: address, reason: error.description)
        }
        guard answer.status != 401 else { throw RemoteError.refused(address: address) }
        guard answer.status == 200, let said = JSONValue.parse(String(decoding: answer.body, as: UTF8.self)),
            said["service"]?.stringValue == "meditate", let id = said["id"]?.stringValue, !id.isEmpty
        else { throw RemoteError.notMeditate(address: address) }
        return (id, said["name"]?.stringValue)
    }

    /// The pairing `name` means, if any.
    static func find(_ name: String, in remotes: [RemoteStore.Remote]) -> RemoteStore.Remote? {
        let wanted = name.lowercased()
        return remotes.first { remote in
            let url = URLComponents(string: remote.url)
            let host = url?.host?.lowercased() ?? ""
            let authority = host + (url?.port.map { ":\($0)" } ?? "")
            return [remote.name.lowercased(), remote.id, host, authority].contains(wanted)
                || remote.name.lowercased() == "meditate on " + wanted
        }
    }
}
