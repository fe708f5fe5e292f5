import Control

/// A bridge's connection to the service's own socket for its requests (MQTT's commands, the
/// desktop's media keys): made when first needed, and made again once if the service closed it.
///
/// Thread: the one bridge thread that calls it.
final class ServiceCaller {
    private let socket: String
    private var connection: ControlClient?

    init(socket: String) {
        self.socket = socket
    }

    func call(_ method: String, _ params: JSONValue = [:]) throws(ControlError) -> JSONValue {
        var attempt = 0
        while true {
            let client: ControlClient
            if let connection {
                client = connection
            } else {
                client = try ControlClient(path: socket)
                connection = client
            }
            do {
                // A start answers once its session is made ready (`StartAnswerTime`).
                return try client.call(
                    method, params, timeoutMilliseconds: StartAnswerTime.milliseconds(for: method) ?? 10_000)
            } catch {
                guard case .connectionLost = error, attempt == 0 else { throw error }
                connection = nil
                attempt += 1
            }
        }
    }
}
