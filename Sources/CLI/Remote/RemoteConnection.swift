import Control
import Foundation

/// A paired service on another machine reached for `meditate ctl --host NAME`: found in
/// remotes.json by its name ("meditate on pi" or "pi"), its host, `host:port` or its id; asked
/// first over HTTP who it is, without the token (whoever answers at a reassigned address must
/// not receive it), then spoken to over its WebSocket with the token; a refused token or a
/// machine away is said in one line.
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
        let answered = try identity(host: bare, port: port)
        guard answered.id == remote.id else {
            throw RemoteError.otherService(address: HostPort.authority(host: bare, port: port), name: remote.name)
        }
        let client: ControlClient
        do throws(ControlError) {
            client = try ControlClient(host: bare, port: port, token: remote.token)
        } catch {
            // Refused, most likely the token (replaced there): asked again with it to say so.
            if case .cannotConnect(_, let reason) = error, reason == ControlError.notUpgraded {
                try checkToken(host: bare, port: port, token: remote.token)
            }
            throw error
        }
        return client
    }

    /// Whether the service at `host:port` takes `token`: its WebSocket's path asked over plain
    /// HTTP answers 426 (upgrade required) to a token it takes, 401 to one it refuses, which is
    /// thrown as one line. Asked only of a service whose id was found to be the one paired.
    static func checkToken(host: String, port: Int, token: String) throws {
        let address = HostPort.authority(host: host, port: port)
        let answer: HTTPGet.Response
        do {
            answer = try HTTPGet.get(
                host: host, port: port, path: "/rpc", headers: [("Authorization", "Bearer \(token)")])
        } catch {
            throw RemoteError.unreachable(address: address, reason: error.description)
        }
        guard answer.status != 401 else { throw RemoteError.refused(address: address) }
    }

    /// What the service at `host:port` says it is (`/service.json`, which a service answers to
    /// anyone): a machine away and something that is not meditate are each one line. Its id is
    /// never empty.
    static func identity(host: String, port: Int) throws -> (id: String, name: String?) {
        let address = HostPort.authority(host: host, port: port)
        let answer: HTTPGet.Response
        do {
            answer = try HTTPGet.get(host: host, port: port, path: "/service.json", headers: [])
        } catch {
            throw RemoteError.unreachable(address: address, reason: error.description)
        }
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
