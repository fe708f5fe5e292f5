import Foundation
import Testing

@testable import Library

@Suite("practice history: SQLite picks and sums")
struct PracticeQueryTests {
    @Test("the newest N sits come from SQLite, oldest first, without reading the rest")
    func newestAreLimitedInSQL() throws {
        // Given 500 sits a day apart
        let library = try ScratchLibrary()
        let base = 1_767_225_600.0
        let sits = (0..<500).map {
            PracticeSession(
                startedAt: base + Double($0) * 86_400, kind: .timer, note: "sit \($0)",
                plannedSeconds: 600, satSeconds: 600, completed: true)
        }
        _ = try library.database.importPractice(sits)
        // When the newest 3 are asked for
        let newest = try library.database.practice(newest: 3)
        // Then they are the last three, oldest first
        #expect(newest.map(\.note) == ["sit 497", "sit 498", "sit 499"])
        #expect(
            try library.database.practice(from: base + 10 * 86_400, to: base + 12 * 86_400).map(\.note) == [
                "sit 10", "sit 11"
            ])
    }

    @Test(
        "stats summed by SQLite equal stats counted sit by sit, in zones with DST and half hours",
        arguments: ["UTC", "Europe/Berlin", "Asia/Kolkata", "America/St_Johns", "Pacific/Chatham"])
    func totalsMatchSitBySit(zoneName: String) throws {
        // Given sits every 97 minutes for 40 days across a DST change, some under a minute
        let zone = try #require(TimeZone(identifier: zoneName))
        let library = try ScratchLibrary()
        let start = 1_774_224_000.0  // 2026-03-23, a week before Europe's change to summer time
        let sits = (0..<600).map {
            PracticeSession(
                startedAt: start + Double($0) * 97 * 60, kind: .timer, note: "\($0)",
                plannedSeconds: 600, satSeconds: $0 % 7 == 0 ? 30 : 60 * ($0 % 40), completed: true)
        }
        _ = try library.database.importPractice(sits)
        let today = CivilDay(start + 40 * 86_400, in: zone)
        // When both ways are computed
        let counted = PracticeStats(try library.database.practice(), today: today, timeZone: zone)
        let summed = PracticeStats(try library.database.practiceTotals(timeZone: zone), today: today)
        // Then they agree on everything
        #expect(summed.sessions == counted.sessions)
        #expect(summed.totalSeconds == counted.totalSeconds)
        #expect(summed.secondsByDay == counted.secondsByDay)
        #expect(summed.currentStreak == counted.currentStreak)
        #expect(summed.longestStreak == counted.longestStreak)
    }
}
