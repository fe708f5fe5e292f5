import Foundation
import Testing

@testable import Library

/// Days that end when the sitter's day ends (`day-starts = "04:00"`).
@Suite("practice days that begin at 04:00")
struct PracticeDaysTests {
    private static let berlin = TimeZone(identifier: "Europe/Berlin") ?? .current

    /// The instant of a local clock reading in Berlin.
    private static func berlin(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ min: Int) -> Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = berlin
        return calendar.date(from: DateComponents(year: y, month: m, day: d, hour: h, minute: min))?
            .timeIntervalSince1970 ?? 0
    }

    @Test("sits at 23:50, 00:30 and 03:59 are one day with a 04:00 boundary, and 04:00 begins the next")
    func lateSitsBelongToTheDayBefore() throws {
        // Given days that begin at 04:00 in Berlin
        let days = PracticeDays(timeZone: Self.berlin, startSecond: 4 * 3600)
        let friday = CivilDay(year: 2026, month: 11, day: 27)
        // Then Friday's late evening and the small hours after it are Friday
        #expect(days.day(of: Self.berlin(2026, 11, 27, 23, 50)) == friday)
        #expect(days.day(of: Self.berlin(2026, 11, 28, 0, 30)) == friday)
        #expect(days.day(of: Self.berlin(2026, 11, 28, 3, 59)) == friday)
        // And 04:00 is Saturday, which begins then
        #expect(days.day(of: Self.berlin(2026, 11, 28, 4, 0)) == friday.adding(days: 1))
        #expect(days.start(of: friday.adding(days: 1)) == Self.berlin(2026, 11, 28, 4, 0))
        // And with days at midnight, 00:30 is Saturday as ever
        #expect(PracticeDays(timeZone: Self.berlin).day(of: Self.berlin(2026, 11, 28, 0, 30)) == friday.adding(days: 1))
    }

    @Test(
        "a night owl's sits at 00:30 keep a streak across both changes of summer time, summed by SQLite as counted",
        arguments: [(2026, 3, 25), (2026, 10, 22)])
    func streakAcrossSummerTime(year: Int, month: Int, day: Int) throws {
        // Given a sit of 20 minutes at 00:30 each night for a week around a change of summer time
        // in Berlin, and one at 03:59 the last night too
        let library = try ScratchLibrary()
        let first = CivilDay(year: year, month: month, day: day)
        var sits = (0..<7).map { night -> PracticeSession in
            let (y, m, d) = first.adding(days: night + 1).components
            return PracticeSession(
                startedAt: Self.berlin(y, m, d, 0, 30), kind: .timer, note: "", plannedSeconds: 1200,
                satSeconds: 1200, completed: true)
        }
        let (y, m, d) = first.adding(days: 7).components
        sits.append(
            PracticeSession(
                startedAt: Self.berlin(y, m, d, 3, 59), kind: .timer, note: "", plannedSeconds: 600, satSeconds: 600,
                completed: true))
        _ = try library.database.importPractice(sits)

        // When the stats are taken with days that begin at 04:00, as of the last evening
        let days = PracticeDays(timeZone: Self.berlin, startSecond: 4 * 3600)
        let today = first.adding(days: 6)
        let summed = PracticeStats(try library.database.practiceTotals(days: days), today: today)
        let counted = PracticeStats(try library.database.practice(), today: today, days: days)

        // Then each night counts for the evening before: seven days in a row, the last one with
        // both sits, and SQLite's sums agree with counting sit by sit
        #expect(summed.currentStreak == 7, "\(summed.secondsByDay)")
        #expect(summed.longestStreak == 7)
        #expect(summed.secondsByDay.keys.sorted() == (0..<7).map { first.adding(days: $0) })
        #expect(summed.secondsByDay[today] == 1800)
        #expect(summed.secondsByDay == counted.secondsByDay)
        #expect(counted.currentStreak == 7)
        // And with days at midnight the same sits are the next days'
        let midnight = PracticeStats(
            try library.database.practiceTotals(days: PracticeDays(timeZone: Self.berlin)), today: today)
        #expect(midnight.secondsByDay[first] == nil)
    }
}
