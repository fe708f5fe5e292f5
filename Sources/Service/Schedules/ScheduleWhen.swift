import Library
import Settings

/// When a schedule sounds, as it was given: `schedule.add`'s members `at`, `every`, `random`,
/// `from`, `to` and `days`, or `meditate schedule add`'s flags of the same names. One check for
/// both, whose refusal names what the asker typed (`ScheduleWhenRefusal.line(flags:)`).
package struct ScheduleWhen: Sendable, Equatable {
    package var at: String?
    /// Whole minutes, a number or its text: `5.5` is refused as `"abc"` is.
    package var every: MemberValue?
    package var random: String?
    package var from: String?
    package var to: String?
    package var days: String?

    package init(
        at: String? = nil, every: MemberValue? = nil, random: String? = nil, from: String? = nil, to: String? = nil,
        days: String? = nil
    ) {
        self.at = at
        self.every = every
        self.random = random
        self.from = from
        self.to = to
        self.days = days
    }

    /// The days it sounds on: every day unless given.
    package func weekdays() throws(ScheduleWhenRefusal) -> Weekdays {
        guard let days else { return .all }
        guard let given = Weekdays(text: days) else { throw .days(days) }
        return given
    }

    /// The times of day it sounds at.
    package func times() throws(ScheduleWhenRefusal) -> ScheduleEntry.Times {
        let at = try second(.at, at)
        let from = try second(.from, from)
        let to = try second(.to, to)
        if let random {
            guard at == nil, every == nil else { throw .oneOfThree }
            let numbers = random.split(separator: "-", omittingEmptySubsequences: false).compactMap {
                Int($0.trimmingCharacters(in: .whitespaces))
            }
            guard numbers.count == 2, (1...ScheduleEntry.maxEveryMinutes).contains(numbers[0]),
                (numbers[0]...ScheduleEntry.maxEveryMinutes).contains(numbers[1])
            else { throw .random(random) }
            let (first, last) = try window(of: .random, from: from, to: to)
            guard
                ScheduleEntry.randomWindowRings(from: first, to: last, shortest: numbers[0], longest: numbers[1])
            else {
                throw .randomWindowTooShort(from: self.from ?? "", to: self.to ?? "", shortest: numbers[0])
            }
            return .random(shortest: numbers[0], longest: numbers[1], from: first, to: last)
        }
        guard let every else {
            guard from == nil, to == nil else { throw .windowWithoutEvery }
            guard let at else { throw .noTime }
            return .at(at)
        }
        guard at == nil else { throw .atWithEvery }
        let whole: Int? =
            switch every {
            case let .number(number): Int(exactly: number)
            case let .text(text): Int(text.trimmingCharacters(in: .whitespaces))
            default: nil
            }
        guard let minutes = whole, (1...ScheduleEntry.maxEveryMinutes).contains(minutes) else {
            throw .every(every.shown)
        }
        let (first, last) = try window(of: .every, from: from, to: to)
        return .every(minutes: minutes, from: first, to: last)
    }

    private func second(_ name: ScheduleWhenRefusal.Name, _ text: String?) throws(ScheduleWhenRefusal) -> Int? {
        guard let text else { return nil }
        guard let second = ScheduleEntry.secondOfDay(text) else { throw .notATime(name, text) }
        return second
    }

    /// `every` and `random` sound from `from` to `to`, both given, in that order.
    private func window(
        of name: ScheduleWhenRefusal.Name, from: Int?, to: Int?
    ) throws(ScheduleWhenRefusal) -> (Int, Int) {
        guard let from, let to else { throw .windowNeeded(name) }
        guard from <= to else { throw .fromAfterTo(from: self.from ?? "", to: self.to ?? "") }
        return (from, to)
    }
}
