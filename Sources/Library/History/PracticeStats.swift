import Foundation

/// Totals, streaks and minutes per day of a practice history.
public struct PracticeStats: Sendable {
    /// A day counts towards a streak when it holds a sit of at least this long, completed or not.
    public static let streakMinimumSeconds = 60

    public let sessions: Int
    public let totalSeconds: Int
    public let averageSeconds: Int
    /// Consecutive days up to today, or up to yesterday while today has no sit yet.
    public let currentStreak: Int
    public let longestStreak: Int
    /// Seconds sat on each local day.
    public let secondsByDay: [CivilDay: Int]

    /// Days that begin at midnight in `timeZone`.
    public init(_ history: [PracticeSession], today: CivilDay, timeZone: TimeZone) {
        self.init(history, today: today, days: PracticeDays(timeZone: timeZone))
    }

    public init(_ history: [PracticeSession], today: CivilDay, days: PracticeDays) {
        var totals = PracticeTotals()
        for session in history {
            let day = days.day(of: session.startedAt)
            totals.sessions += 1
            totals.totalSeconds += session.satSeconds
            totals.secondsByDay[day, default: 0] += session.satSeconds
            if session.satSeconds >= Self.streakMinimumSeconds { totals.streakDays.insert(day) }
        }
        self.init(totals, today: today)
    }

    public init(_ totals: PracticeTotals, today: CivilDay) {
        sessions = totals.sessions
        totalSeconds = totals.totalSeconds
        averageSeconds = sessions == 0 ? 0 : totalSeconds / sessions
        secondsByDay = totals.secondsByDay
        let streakDays = totals.streakDays
        var longest = 0
        for day in streakDays where !streakDays.contains(day.adding(days: -1)) {
            var length = 1
            while streakDays.contains(day.adding(days: length)) { length += 1 }
            longest = max(longest, length)
        }
        longestStreak = longest
        var end = today
        if !streakDays.contains(end) { end = today.adding(days: -1) }
        var current = 0
        while streakDays.contains(end.adding(days: -current)) { current += 1 }
        currentStreak = current
    }
}
