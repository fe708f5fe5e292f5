/// What knows the pairing token: the service keeps only its hash, and may replace it while
/// connections are being made, from any thread.
public protocol WebTokenChecking: Sendable {
    func accepts(_ token: String) -> Bool
}
