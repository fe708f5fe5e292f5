import Foundation
import Library
import ProgramTestSupport
import Testing

@testable import Service

@Suite("the service's schedule on a clock that steps")
struct ServiceScheduleTests {
    private let hourly = ScheduleEntry(
        id: 1, action: .bell, options: "{}", times: .every(minutes: 60, from: 0, to: 23 * 3600), days: .all, over: false
    )

    private func utc() -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar
    }

    private let noLead: (ScheduleEntry) -> Double = { _ in 0 }

    @Test("an hourly bell is handed out once on the hour; a clock stepped back an hour rings nothing twice")
    func steppedBack() {
        // Given an hourly bell planned at 10:30
        let schedule = ServiceSchedule(calendar: utc())
        let start = Date(timeIntervalSince1970: 1_795_516_200)  // 2026-11-24 10:30 UTC
        schedule.load([hourly], now: start)
        // When the clock reaches 11:00, then is stepped back to 10:05 and runs on to 11:00 again
        let eleven = start.addingTimeInterval(1800)
        let atEleven = schedule.takeDue(now: eleven, lead: noLead)
        let afterStep = schedule.takeDue(now: eleven.addingTimeInterval(-3300), lead: noLead)
        let elevenAgain = schedule.takeDue(now: eleven, lead: noLead)
        // Then 11:00 was handed out once, and nothing more until 12:00
        #expect(atEleven.map(\.at) == [eleven] && atEleven.allSatisfy { !$0.missed })
        #expect(afterStep.isEmpty && elevenAgain.isEmpty)
        #expect(
            schedule.takeDue(now: eleven.addingTimeInterval(3600), lead: noLead).map(\.at) == [
                eleven.addingTimeInterval(3600)
            ])
    }

    @Test(
        "a clock stepped forward over three hours hands each of their bells out as missed, and the one due now to ring")
    func steppedForward() {
        // Given an hourly bell planned at 10:30
        let schedule = ServiceSchedule(calendar: utc())
        let start = Date(timeIntervalSince1970: 1_795_516_200)
        schedule.load([hourly], now: start)
        // When the clock jumps to 14:00:02
        let due = schedule.takeDue(now: start.addingTimeInterval(3.5 * 3600 + 2), lead: noLead)
        // Then 11, 12 and 13 o'clock are missed, 14 o'clock rings (2 s late is within the grace)
        #expect(due.map(\.missed) == [true, true, true, false])
        #expect(due.last?.at == start.addingTimeInterval(3.5 * 3600))
    }

    @Test("a schedule paused until midnight hands out the rest of today's bells as paused, and tomorrow's to ring")
    func pausedForToday() {
        // Given an hourly bell paused at 10:30 until the next midnight
        var paused = hourly
        let start = Date(timeIntervalSince1970: 1_795_516_200)  // 2026-11-24 10:30 UTC
        let midnight = Date(timeIntervalSince1970: 1_795_564_800)  // 2026-11-25 00:00 UTC
        paused.pausedUntil = midnight
        let schedule = ServiceSchedule(calendar: utc())
        schedule.load([paused], now: start)
        // When 11:00 comes, and then midnight
        let eleven = schedule.takeDue(now: start.addingTimeInterval(1800), lead: noLead)
        // The hourly bell runs to 23:00, so the first after midnight is 00:00 itself
        let tomorrow = schedule.takeDue(now: midnight, lead: noLead)
        // Then 11:00 is paused, and midnight rings
        #expect(eleven.count == 1 && eleven.allSatisfy { $0.paused && !$0.missed })
        #expect(tomorrow.last?.at == midnight && tomorrow.last?.paused == false)
    }

    @Test("a bell is handed out its lead before its instant, and the wait until then is what the service sleeps")
    func lead() {
        let schedule = ServiceSchedule(calendar: utc())
        let start = Date(timeIntervalSince1970: 1_795_516_200)
        schedule.load([hourly], now: start)
        let lead: (ScheduleEntry) -> Double = { _ in 2.5 }
        #expect(schedule.secondsUntilDue(now: start, lead: lead) == 1797.5)
        #expect(schedule.takeDue(now: start.addingTimeInterval(1797), lead: lead).isEmpty)
        #expect(schedule.takeDue(now: start.addingTimeInterval(1797.5), lead: lead).count == 1)
    }

    @Test("reloading keeps what was planned for a schedule that did not change")
    func reloadKeepsPlan() {
        let schedule = ServiceSchedule(calendar: utc())
        let start = Date(timeIntervalSince1970: 1_795_516_200)
        schedule.load([hourly], now: start)
        _ = schedule.takeDue(now: start.addingTimeInterval(1800), lead: noLead)
        schedule.load([hourly], now: start)
        #expect(schedule.nextInstant(of: 1) == start.addingTimeInterval(5400))
    }
}
