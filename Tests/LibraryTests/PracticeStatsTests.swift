import Foundation
import Library
import Testing

@Suite("practice stats: days, streaks, totals")
struct PracticeStatsTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    /// A sit of `minutes` starting at a local time in `zone`.
    func sit(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, minutes: Double = 20,
        in zone: TimeZone, completed: Bool = true
    ) -> PracticeSession {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let date = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
        return PracticeSession(
            startedAt: date.timeIntervalSince1970, kind: .timer, note: "",
            plannedSeconds: 1200, satSeconds: Int(minutes * 60), completed: completed)
    }

    @Test("a civil day knows its date and weekday, across leap days and before 1970")
    func civilDays() {
        #expect(CivilDay(year: 1970, month: 1, day: 1).ordinal == 0)
        #expect(CivilDay(year: 1970, month: 1, day: 1).weekday == 3)
        #expect(CivilDay(year: 2026, month: 11, day: 23).weekday == 0)
        for (y, m, d) in [(2000, 2, 29), (2028, 2, 29), (1969, 12, 31), (2026, 12, 31), (2100, 3, 1)] {
            #expect(CivilDay(year: y, month: m, day: d).components == (y, m, d))
        }
        #expect(CivilDay(year: 2028, month: 3, day: 1).ordinal - CivilDay(year: 2028, month: 2, day: 28).ordinal == 2)
    }

    @Test("streaks run across month ends, leap days and year ends")
    func streaksAcrossMonthsAndYears() {
        // Given sits on Jan 30 - Feb 2, Feb 28 - Mar 1 2028 (a leap year), and Dec 30 2026 - Jan 1 2027
        let utc = TimeZone(secondsFromGMT: 0)!
        let monthEnd = [
            sit(2026, 1, 30, 7, 0, in: utc), sit(2026, 1, 31, 7, 0, in: utc),
            sit(2026, 2, 1, 7, 0, in: utc), sit(2026, 2, 2, 7, 0, in: utc)
        ]
        #expect(
            PracticeStats(monthEnd, today: CivilDay(year: 2026, month: 2, day: 2), timeZone: utc).longestStreak == 4)
        let leap = [sit(2028, 2, 28, 7, 0, in: utc), sit(2028, 2, 29, 7, 0, in: utc), sit(2028, 3, 1, 7, 0, in: utc)]
        #expect(PracticeStats(leap, today: CivilDay(year: 2028, month: 3, day: 1), timeZone: utc).currentStreak == 3)
        let notLeap = [sit(2026, 2, 28, 7, 0, in: utc), sit(2026, 3, 1, 7, 0, in: utc)]
        #expect(PracticeStats(notLeap, today: CivilDay(year: 2026, month: 3, day: 1), timeZone: utc).currentStreak == 2)

        let yearEnd = [
            sit(2026, 12, 30, 22, 0, in: utc), sit(2026, 12, 31, 23, 30, in: utc), sit(2027, 1, 1, 0, 15, in: utc)
        ]
        // Then the streak is alive on Jan 1 and on Jan 2 (no sit yet that day), and over on Jan 3
        #expect(PracticeStats(yearEnd, today: CivilDay(year: 2027, month: 1, day: 1), timeZone: utc).currentStreak == 3)
        #expect(PracticeStats(yearEnd, today: CivilDay(year: 2027, month: 1, day: 2), timeZone: utc).currentStreak == 3)
        let over = PracticeStats(yearEnd, today: CivilDay(year: 2027, month: 1, day: 3), timeZone: utc)
        #expect(over.currentStreak == 0)
        #expect(over.longestStreak == 3)
    }

    @Test("days are local calendar days on both sides of a daylight-saving change")
    func daylightSaving() {
        // Given Berlin sits at noon on Mar 28 2026 and at 00:30 on Mar 30, the first night of summer
        // time (22:30 UTC on Mar 29): a gap day between them
        let spring = [sit(2026, 3, 28, 12, 0, in: berlin), sit(2026, 3, 30, 0, 30, in: berlin)]
        let springStats = PracticeStats(spring, today: CivilDay(year: 2026, month: 3, day: 30), timeZone: berlin)
        #expect(springStats.longestStreak == 1)
        #expect(springStats.currentStreak == 1)
        #expect(springStats.secondsByDay[CivilDay(year: 2026, month: 3, day: 29)] == nil)

        // And sits at 23:30 on Oct 25 (the night clocks go back) and 00:30 on Oct 26, an hour
        // apart but on two days (both on Oct 25 in UTC)
        let autumn = [sit(2026, 10, 25, 23, 30, in: berlin), sit(2026, 10, 26, 0, 30, in: berlin)]
        let autumnStats = PracticeStats(autumn, today: CivilDay(year: 2026, month: 10, day: 26), timeZone: berlin)
        #expect(autumnStats.currentStreak == 2)
        #expect(autumnStats.secondsByDay.count == 2)
        // In UTC the same two sits are one day
        let utc = PracticeStats(
            autumn, today: CivilDay(year: 2026, month: 10, day: 26), timeZone: TimeZone(secondsFromGMT: 0)!)
        #expect(utc.secondsByDay.count == 1)
    }

    @Test("a day counts with a sit of a minute or more, finished or not; totals count partial sits too")
    func minimumAndTotals() {
        let utc = TimeZone(secondsFromGMT: 0)!
        let history = [
            sit(2026, 5, 1, 7, 0, minutes: 59.0 / 60, in: utc),
            sit(2026, 5, 2, 7, 0, minutes: 1, in: utc, completed: false),
            sit(2026, 5, 3, 7, 0, minutes: 30, in: utc)
        ]
        let stats = PracticeStats(history, today: CivilDay(year: 2026, month: 5, day: 3), timeZone: utc)
        #expect(stats.currentStreak == 2)
        #expect(stats.longestStreak == 2)
        #expect(stats.sessions == 3)
        #expect(stats.totalSeconds == 59 + 60 + 1800)
        #expect(stats.averageSeconds == (59 + 60 + 1800) / 3)
    }
}
