import Control
import Settings

/// The params of `sit.start` and `play.start`: the request, and the service's own member
/// `resume` (true: when this session ends, the one it paused resumes), which is no option of
/// the command line and so is taken out before the request is read.
struct Resuming<Request: Decodable & Sendable>: Decodable, Sendable {
    let request: Request
    let resume: Bool

    init(from decoder: any Decoder) throws {
        var params = try JSONValue(from: decoder)
        var resume = false
        if case var .object(members) = params, let flag = members.removeValue(forKey: "resume") {
            guard let on = flag.boolValue else { throw RequestRefusal("resume is true or false") }
            resume = on
            params = .object(members)
        }
        self.resume = resume
        request = try params.decode(as: Request.self)
    }
}
