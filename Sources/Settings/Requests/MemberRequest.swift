/// A request read from its params' members (`RequestMembers`) in one pass: the options it
/// takes, and how it reads them. A method's params that carry members of the service's own
/// beside it (`resume`) are read from the same members (`Resuming`), not decoded twice.
package protocol MemberRequest: Decodable, Sendable {
    /// Every member the request takes.
    static var options: [RequestOption] { get }
    init(_ members: RequestMembers) throws
}

extension MemberRequest {
    package init(from decoder: any Decoder) throws {
        try self.init(RequestMembers(decoder, options: Self.options))
    }
}
