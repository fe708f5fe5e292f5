import Localization
import Settings

/// `schedule.list`'s params: `after`, the id after which the page begins (0, the first, when
/// not given): an answer that would not fit in one message ends early with `next`, the id to
/// ask `after` next.
struct ScheduleListParams: Decodable, Sendable {
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
                    "after must be a schedule's id, a whole number from 0",
                    de: "after muss die ID eines Plans sein, eine ganze Zahl ab 0"))
        }
        after = id
    }
}
