import Clock
import Foundation

/// A schedule the service keeps: a sit, a guided track, a bell or a reminder to sit, at a time of day or every so
/// many minutes between two times, on some days of the week. Times are local: 06:30 stays
/// 06:30 across a change to or from summer time.
public struct ScheduleEntry: Sendable, Equatable {
    public enum Action: String, Sendable, CaseIterable {
        case sit, play, bell, remind
    }

    /// When, within a day: once at a time, or every so many minutes from one time to another.
    public enum Times: Sendable, Equatable {
        /// Seconds after midnight.
        case at(Int)
        /// Every `minutes`, from `from` to `to` inclusive (seconds after midnight).
        case every(minutes: Int, from: Int, to: Int)
        /// At random moments `shortest` to `longest` minutes apart, from `from` to `to`, drawn
        /// anew each day (a day of mindfulness bells).
        case random(shortest: Int, longest: Int, from: Int, to: Int)
    }

    public var id: Int64?
    public var action: Action
    /// The request's options, as the JSON object the control protocol takes for the action.
    public var options: String
    public var times: Times
    public var days: Weekdays
    /// Sounds over a sit or track that is playing (otherwise it is skipped, and says so).
    public var over: Bool
    /// Paused until this instant (the end of the day it was paused on): what falls before it is
    /// skipped.
    public var pausedUntil: Date?
    /// Its name among all devices (its file's, in the shared folder); nil where no device id
    /// could be made and the schedules are this database's alone.
    public var uuid: String?
    /// The device whose service runs it, and that device's host name: only that service rings
    /// it, whichever device shows or changes it. Nil: this device's.
    public var service: String?
    public var serviceHost: String?

    public static let secondsPerDay = 86_400
    /// The most minutes between two bells of an `every` schedule: a day.
    public static let maxEveryMinutes = 1440

    public init(
        id: Int64? = nil, action: Action, options: String, times: Times, days: Weekdays, over: Bool,
        pausedUntil: Date? = nil, uuid: String? = nil, service: String? = nil, serviceHost: String? = nil
    ) {
        self.uuid = uuid
        self.service = service
        self.serviceHost = serviceHost
        self.id = id
        self.action = action
        self.options = options
        self.times = times
        self.days = days
        self.over = over
        self.pausedUntil = pausedUntil
    }

    /// Its times as they are stored (a row, a file): `at` (or the first of a series), `every`
    /// (or the shortest gap of random times), `until`, and the longest gap of random times.
    public var storedTimes: (at: Int, every: Int?, until: Int?, longest: Int?) {
        switch times {
        case let .at(second): (second, nil, nil, nil)
        case let .every(minutes, from, to): (from, minutes, to, nil)
        case let .random(shortest, longest, from, to): (from, shortest, to, longest)
        }
    }

    /// Times as they are stored, every number checked; nil when one is out of range (a newer
    /// version's, a damaged file).
    public static func times(at: Int, every: Int?, until: Int?, longest: Int?) -> Times? {
        guard (0..<secondsPerDay).contains(at) else { return nil }
        guard let every else { return .at(at) }
        guard (1...maxEveryMinutes).contains(every), let until, (at..<secondsPerDay).contains(until) else {
            return nil
        }
        guard let longest else { return .every(minutes: every, from: at, to: until) }
        guard (every...maxEveryMinutes).contains(longest) else { return nil }
        return .random(shortest: every, longest: longest, from: at, to: until)
    }

    /// Whether an occurrence at `instant` falls in a pause.
    public func isPaused(at instant: Date) -> Bool {
        pausedUntil.map { instant < $0 } ?? false
    }

    /// The seconds after midnight it sounds at, in order; for random times, those of a day
    /// numbered `day` (days since 1970 in the local calendar).
    public func secondsOfDay(day: Int = 0) -> [Int] {
        switch times {
        case let .at(second): return [second]
        case let .every(minutes, from, to):
            guard minutes > 0, from <= to else { return [] }
            return Array(stride(from: from, through: to, by: minutes * 60))
        case let .random(shortest, longest, from, to):
            guard shortest > 0, shortest <= longest, from <= to else { return [] }
            // Drawn from the schedule and the day: the same all day (a restart, a clock step
            // re-plans the same moments), another tomorrow.
            var state = UInt64(bitPattern: Int64(id ?? 0)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: Int64(day))
            var seconds: [Int] = []
            var second = from
            while true {
                let span = UInt64((longest - shortest) * 60 + 1)
                second += shortest * 60 + Int(Self.splitMix(&state) % span)
                guard second <= to else { return seconds }
                seconds.append(second)
            }
        }
    }

    /// Whether random moments `shortest` to `longest` minutes apart, the first a gap after
    /// `from`, ring on most days before `to`: not when the window is shorter than the shortest
    /// gap (never), nor as long as it unless every gap is that long (one day in thousands).
    public static func randomWindowRings(from: Int, to: Int, shortest: Int, longest: Int) -> Bool {
        let window = to - from
        return window > shortest * 60 || (window == shortest * 60 && shortest == longest)
    }

    /// The seconds after midnight of a day that is not random (an `at` or `every` schedule).
    public var secondsOfDay: [Int] { secondsOfDay(day: 0) }

    /// The first second of the day at which it and `other` both sound, on a weekday they share,
    /// or nil. Then one of them finds the other playing and is skipped (`busy`): two sits at
    /// 07:00 are one sit. One that sounds over a session clashes with nothing, and random
    /// moments are not known ahead.
    public func sharedSecond(with other: ScheduleEntry) -> Int? {
        guard !over, !other.over, !hidesNext, !other.hidesNext, days.rawValue & other.days.rawValue != 0 else {
            return nil
        }
        return Set(secondsOfDay).intersection(other.secondsOfDay).min()
    }

    /// Whether the service of `device` rings it: the one it names, or any when it names none.
    public func runs(on device: String?) -> Bool { service == nil || service == device }

    /// Whether its moments are kept from the list (random: a surprise, like a sit's random bells).
    public var hidesNext: Bool {
        if case .random = times { return true }
        return false
    }

    private static func splitMix(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The first instant after `date` it sounds at, by `calendar`'s time zone. A time that a
    /// change to summer time skips sounds at the first moment after the gap; a time that the
    /// change back repeats sounds once, the first time.
    public func next(after date: Date, calendar: Calendar) -> Date? {
        let today = calendar.startOfDay(for: date)
        // Eight days ahead finds every weekly time, whatever day it is now.
        for offset in 0...8 {
            guard let day = calendar.date(byAdding: .day, value: offset, to: today) else { continue }
            // Calendar's weekday: Sunday 1 … Saturday 7; ours: Monday 0 … Sunday 6.
            let index = (calendar.component(.weekday, from: day) + 5) % 7
            guard days.contains(dayIndex: index) else { continue }
            let components = calendar.dateComponents([.year, .month, .day], from: day)
            let dayNumber = (components.year ?? 0) * 10_000 + (components.month ?? 0) * 100 + (components.day ?? 0)
            for second in secondsOfDay(day: dayNumber) {
                guard
                    let instant = calendar.date(
                        bySettingHour: second / 3600, minute: second / 60 % 60, second: second % 60, of: day,
                        matchingPolicy: .nextTime, repeatedTimePolicy: .first, direction: .forward)
                else { continue }
                if instant > date { return instant }
            }
        }
        return nil
    }

    /// "06:30" or "06:30:15" → seconds after midnight; nil for anything else.
    public static func secondOfDay(_ text: String) -> Int? { ClockTime(text)?.secondOfDay }

    /// 23400 → "06:30", 23415 → "06:30:15".
    public static func text(ofSecond second: Int) -> String {
        ClockTime(secondOfDay: second)?.text ?? String(format: "%02d:%02d", second / 3600, second / 60 % 60)
    }
}
