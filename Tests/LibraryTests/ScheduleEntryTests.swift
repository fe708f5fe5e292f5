import Foundation
import Testing

@testable import Library

@Suite("schedules: days, times of day, the next instant across summer time, and their table")
struct ScheduleEntryTests {
    private let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .current
        return calendar
    }()

    private func date(_ text: String) throws -> Date {
        let formatter = ISO8601DateFormatter()
        return try #require(formatter.date(from: text), "\(text)")
    }

    private func daily(at second: Int, days: Weekdays = .all) -> ScheduleEntry {
        ScheduleEntry(action: .bell, options: "{}", times: .at(second), days: days, over: false)
    }

    @Test("two schedules clash at the first second both sound on a day they share; over, random or apart, not")
    func sharedSecondsAreClashes() throws {
        // Given a daily sit at 06:30, and schedules beside it
        let sit = ScheduleEntry(action: .sit, options: "{}", times: .at(23_400), days: .all, over: false)
        let weekend = try #require(Weekdays(text: "sat,sun"))
        let weekdays = try #require(Weekdays(text: "mon-fri"))
        let hourly = ScheduleEntry(
            action: .bell, options: "{}", times: .every(minutes: 60, from: 5 * 3600 + 1800, to: 17 * 3600),
            days: weekdays, over: false)
        let halfPast = ScheduleEntry(
            action: .bell, options: "{}", times: .every(minutes: 60, from: 6 * 3600, to: 17 * 3600), days: .all,
            over: false)
        var over = daily(at: 23_400)
        over.over = true
        let random = ScheduleEntry(
            action: .bell, options: "{}", times: .random(shortest: 1, longest: 1, from: 23_340, to: 23_460),
            days: .all, over: false)
        // Then another at 06:30 on the weekend, and bells on the hour from 05:30, clash with it at 06:30
        #expect(sit.sharedSecond(with: daily(at: 23_400, days: weekend)) == 23_400)
        #expect(sit.sharedSecond(with: hourly) == 23_400)
        #expect(hourly.sharedSecond(with: sit) == 23_400)
        // And bells on the hour from 06:00, one that sounds over a sit, random moments and a
        // weekend sit against weekday bells do not
        #expect(sit.sharedSecond(with: halfPast) == nil)
        #expect(sit.sharedSecond(with: over) == nil)
        #expect(sit.sharedSecond(with: random) == nil)
        #expect(daily(at: 23_400, days: weekend).sharedSecond(with: hourly) == nil)
    }

    @Test("days are read as ranges, lists and daily, and written back the short way")
    func weekdays() {
        #expect(Weekdays(text: "mon-fri")?.text == "mon-fri")
        #expect(Weekdays(text: "sat,sun")?.text == "sat,sun")
        #expect(Weekdays(text: "Daily") == .all)
        #expect(Weekdays(text: "sat-mon")?.text == "mon,sat,sun")
        #expect(Weekdays(text: "mon,wed-fri")?.text == "mon,wed-fri")
        #expect(Weekdays(text: "monday") == nil)
        #expect(Weekdays(text: "") == nil)
        #expect(Weekdays(text: "mon-") == nil)
    }

    @Test("times of day are HH:MM or HH:MM:SS, and nothing else")
    func timesOfDay() {
        #expect(ScheduleEntry.secondOfDay("06:30") == 23_400)
        #expect(ScheduleEntry.secondOfDay("6:30:15") == 23_415)
        #expect(ScheduleEntry.secondOfDay("24:00") == nil)
        #expect(ScheduleEntry.secondOfDay("12:60") == nil)
        #expect(ScheduleEntry.secondOfDay("12") == nil)
        #expect(ScheduleEntry.secondOfDay("12:00:00:00") == nil)
        #expect(ScheduleEntry.secondOfDay("-1:30") == nil)
        #expect(ScheduleEntry.text(ofSecond: 23_400) == "06:30")
        #expect(ScheduleEntry.text(ofSecond: 23_415) == "06:30:15")
    }

    @Test("a weekday schedule asked on Friday evening sounds next on Monday morning")
    func weekdaysOnly() throws {
        // Given 06:30 on weekdays, on Friday 27 November 2026 at 20:00 in Berlin
        let entry = daily(at: 23_400, days: try #require(Weekdays(text: "mon-fri")))
        // Then the next is Monday 30 November at 06:30 local time (05:30 UTC)
        #expect(
            entry.next(after: try date("2026-11-27T19:00:00Z"), calendar: berlin) == (try date("2026-11-30T05:30:00Z")))
    }

    @Test("06:30 stays 06:30 on the clock across both changes of summer time")
    func summerTime() throws {
        let entry = daily(at: 23_400)
        // Spring: 29 March 2026, the clocks go from 02:00 to 03:00; 06:30 is UTC+2 after it
        #expect(
            entry.next(after: try date("2026-03-28T12:00:00Z"), calendar: berlin) == (try date("2026-03-29T04:30:00Z")))
        // Autumn: 25 October 2026, the clocks go back; 06:30 is UTC+1 after it
        #expect(
            entry.next(after: try date("2026-10-24T12:00:00Z"), calendar: berlin) == (try date("2026-10-25T05:30:00Z")))
    }

    @Test("a time the spring change skips sounds just after the gap; a time the autumn change repeats sounds once")
    func skippedAndRepeatedHours() throws {
        let entry = daily(at: 2 * 3600 + 30 * 60)
        // 02:30 does not exist on 29 March 2026: the first moment after the gap, 03:00 CEST
        let spring = try #require(entry.next(after: try date("2026-03-28T12:00:00Z"), calendar: berlin))
        #expect(spring == (try date("2026-03-29T01:00:00Z")))
        // 02:30 happens twice on 25 October 2026: the first (CEST, 00:30 UTC), then the next day's
        let autumn = try #require(entry.next(after: try date("2026-10-24T12:00:00Z"), calendar: berlin))
        #expect(autumn == (try date("2026-10-25T00:30:00Z")))
        #expect(entry.next(after: autumn, calendar: berlin) == (try date("2026-10-26T01:30:00Z")))
    }

    @Test("bells every hour from 09:00 to 17:00 sound on the hour, nine a day")
    func everyHour() throws {
        let entry = ScheduleEntry(
            action: .bell, options: "{}", times: .every(minutes: 60, from: 9 * 3600, to: 17 * 3600), days: .all,
            over: false)
        #expect(entry.secondsOfDay.count == 9)
        var instant = try date("2026-11-24T00:00:00Z")
        var rung: [Date] = []
        for _ in 0..<10 {
            instant = try #require(entry.next(after: instant, calendar: berlin))
            rung.append(instant)
        }
        #expect(rung.first == (try date("2026-11-24T08:00:00Z")))
        #expect(rung[8] == (try date("2026-11-24T16:00:00Z")))
        #expect(rung[9] == (try date("2026-11-25T08:00:00Z")))
    }

    @Test("schedules are kept in the library's database: added, listed, removed")
    func stored() throws {
        // Given a library
        let library = try ScratchLibrary()
        // When two schedules are added and the first removed
        let first = try library.database.add(daily(at: 23_400))
        let second = try library.database.add(
            ScheduleEntry(
                action: .sit, options: "{\"preset\":\"morning\"}", times: .every(minutes: 30, from: 0, to: 3600),
                days: try #require(Weekdays(text: "sat,sun")), over: true))
        #expect(try library.database.removeSchedule(id: try #require(first.id)))
        #expect(try !library.database.removeSchedule(id: try #require(first.id)))
        // Then the second is listed as it was given, from a database opened again
        let reopened = try LibraryDatabase(path: library.paths.database)
        #expect(try reopened.schedules() == [second])
    }

    @Test(
        "a day of random bells: 30 to 90 minutes apart from 09:00 to 17:00, the same all day, drawn anew the next, kept in the database"
    )
    func randomMoments() throws {
        // Given bells at random 30 to 90 minutes apart, 09:00 to 17:00, stored
        let library = try ScratchLibrary()
        let entry = try library.database.add(
            ScheduleEntry(
                action: .bell, options: "{}", times: .random(shortest: 30, longest: 90, from: 9 * 3600, to: 17 * 3600),
                days: .all, over: false))
        #expect(entry.hidesNext)
        // Then a day's moments lie in the window, each 30 to 90 minutes after the one before
        // (the first after 09:00)
        let day = entry.secondsOfDay(day: 20_261_127)
        #expect(day.count >= 5 && day.count <= 16, "\(day)")
        for (earlier, later) in zip([9 * 3600] + day, day) {
            #expect((1800...5400).contains(later - earlier), "\(earlier) → \(later)")
        }
        #expect((day.last ?? .max) <= 17 * 3600)
        // And the same day draws the same moments, the next day others
        #expect(entry.secondsOfDay(day: 20_261_127) == day)
        #expect(entry.secondsOfDay(day: 20_261_128) != day)
        // And the next instant after 09:00 on that day is its first moment
        let next = try #require(entry.next(after: try date("2026-11-27T08:00:00Z"), calendar: berlin))
        let first = try #require(day.first)
        #expect(
            berlin.component(.hour, from: next) * 3600 + berlin.component(.minute, from: next) * 60
                + berlin.component(.second, from: next) == first)
        // And it is read back from the database as it was given
        let reopened = try LibraryDatabase(path: library.paths.database)
        #expect(try reopened.schedules() == [entry])
    }
}
