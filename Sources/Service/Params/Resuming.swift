import Control
import Settings

/// The params of `sit.start` and `play.start`: the request, and the service's own member
/// `resume` (true: when this session ends, the one it paused resumes), read from the same
/// members as the request's own.
struct Resuming<Request: MemberRequest>: Decodable, Sendable {
    let request: Request
    let resume: Bool

    static var resumeOption: RequestOption { RequestOption("resume", valueName: "true|false") }

    init(from decoder: any Decoder) throws {
        let members = try RequestMembers(decoder, options: Request.options + [Self.resumeOption])
        resume = try members.flag(Self.resumeOption) ?? false
        request = try Request(members)
    }
}
