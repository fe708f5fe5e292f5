import Localization
import Settings

/// The params of a list answered a page at a time (`schedule.list`, `library.list`): `after`,
/// what the last page's `next` said (0, the first page, when not given).
struct PageParams: Decodable, Sendable {
    let after: Int

    private enum Member: String, CodingKey { case after }

    init(from decoder: any Decoder) throws {
        let members = try? decoder.container(keyedBy: Member.self)
        guard let members, members.contains(.after) else {
            after = 0
            return
        }
        guard let id = try? members.decode(Int.self, forKey: .after), id >= 0 else {
            throw RequestRefusal(
                localized(
                    "after is what the last page's next said, a whole number from 0",
                    de: "after ist, was next der letzten Seite sagte, eine ganze Zahl ab 0"))
        }
        after = id
    }
}
