/// The params of a method that takes none: whatever a client sends is let be, as JSON-RPC's
/// `"params": {}` and a missing member are the same.
struct NoParams: Decodable, Sendable {
    init(from decoder: any Decoder) throws {}
}
