import Control
import Library
import Localization
import Settings

/// `schedule.add`'s params, typed: what it does (`action`), when (`at`, `every`, `random`,
/// `from`, `to`, `days`, checked by `ScheduleWhen`), whether it sounds over a session (`over`),
/// and the params of the method it calls when due (`options`: kept as given, for the schedule
/// keeps them, and checked as that method's request when it is added).
package struct ScheduleParams: Decodable, Sendable {
    package let action: ScheduleEntry.Action
    package let when: ScheduleWhen
    package let over: Bool
    package let options: JSONValue

    private enum Member: String, CodingKey, CaseIterable {
        case action, at, every, random, from, to, days, over, options
    }

    package init(from decoder: any Decoder) throws {
        guard let members = try? decoder.container(keyedBy: RequestMembers.Key.self) else {
            throw RequestRefusal(localized("the schedule is an object", de: "der Plan ist ein Objekt"))
        }
        let known = Set(Member.allCases.map(\.rawValue))
        if let unknown = members.allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) }) {
            throw RequestRefusal(
                localized(
                    "'\(ShownValue.short(unknown))' is not a member of a schedule",
                    de: "'\(ShownValue.short(unknown))' ist kein Teil eines Plans"))
        }
        func member(_ name: Member) throws -> MemberValue? {
            try members.decodeIfPresent(MemberValue.self, forKey: RequestMembers.Key(name.rawValue))
        }
        guard case let .text(name)? = try member(.action), let action = ScheduleEntry.Action(rawValue: name) else {
            throw RequestRefusal(
                localized("action is sit, play or bell", de: "action ist sit, play oder bell"))
        }
        self.action = action
        switch try member(.over) {
        case nil: over = false
        case let .flag(flag)?: over = flag
        default: throw RequestRefusal(localized("over is true or false", de: "over ist true oder false"))
        }
        options = try members.decodeIfPresent(JSONValue.self, forKey: RequestMembers.Key("options")) ?? [:]
        // The times of day and the days are words: a number there is refused as a wrong word is.
        func words(_ name: Member, _ refusal: (String) -> ScheduleWhenRefusal) throws -> String? {
            guard let value = try member(name) else { return nil }
            guard case let .text(text) = value else { throw RequestRefusal(refusal(value.shown).line(flags: false)) }
            return text
        }
        when = ScheduleWhen(
            at: try words(.at) { .notATime(.at, $0) }, every: try member(.every),
            random: try words(.random) { .random($0) }, from: try words(.from) { .notATime(.from, $0) },
            to: try words(.to) { .notATime(.to, $0) }, days: try words(.days) { .days($0) })
    }

    /// `params` read as a schedule, refused with the line a client is answered with.
    package static func decoded(_ params: JSONValue) throws(RPCError) -> ScheduleParams {
        try ParamsDecoder.decode(ScheduleParams.self, params)
    }
}
