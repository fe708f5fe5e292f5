import Localization
import Settings

/// The params of `schedule.remove`, `schedule.pause` and `schedule.resume`: the schedule's id,
/// a whole number from 1.
package struct ScheduleIDParams: Decodable, Sendable {
    package let id: Int

    private enum Member: String, CodingKey { case id }

    package init(from decoder: any Decoder) throws {
        guard let members = try? decoder.container(keyedBy: Member.self),
            let id = try? members.decode(Int.self, forKey: .id), id > 0
        else {
            throw RequestRefusal(
                localized(
                    "the schedule's id is needed: a whole number from 1",
                    de: "die ID des Plans fehlt: eine ganze Zahl ab 1"))
        }
        self.id = id
    }

    package init(id: Int) { self.id = id }
}
