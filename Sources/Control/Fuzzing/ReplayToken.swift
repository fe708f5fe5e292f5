/// The pairing token `WireReplay`'s web listener asks for: a fixed one, so that a seed can
/// carry it (`?token=` followed by 32 zeros and a one).
struct ReplayToken: WebTokenChecking {
    static let token = String(repeating: "0", count: 31) + "1"

    func accepts(_ token: String) -> Bool { token == Self.token }
}
