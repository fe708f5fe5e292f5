import Control

extension ControlClient {
    /// What the service refused `method` with; nil when it answered. Any other failure (the
    /// socket, a timeout) comes back as an error of code 0 carrying its text, so that an
    /// expectation on the refusal shows it.
    package func refusal(_ method: String, _ params: JSONValue = [:]) -> RPCError? {
        do {
            _ = try call(method, params)
            return nil
        } catch {
            if case let .refused(refused) = error { return refused }
            return RPCError(code: 0, message: "\(error)")
        }
    }
}
