import Clock
import Foundation
import Library
import Practice
import Session
import Settings
import Testing

/// `--until` fixed as arithmetic on the clock: in the hour the clocks repeat, and from the instant
/// a sit is ready, however long that took. (UntilLiveTests hears it on a device.)
@Suite("A sit until a time of day, fixed on the clock")
struct UntilFixTests {
    /// Berlin, where on 2026-10-25 the clock goes from 03:00 CEST back to 02:00 CET at 01:00 UTC.
    private static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        if let zone = TimeZone(identifier: "Europe/Berlin") { calendar.timeZone = zone }
        return calendar
    }()

    /// 2026-10-25 at `hour`:`minute` UTC, in seconds since 1970.
    private static func utc(_ hour: Int, _ minute: Int) -> Double {
        1_792_886_400 + Double(hour * 3600 + minute * 60)
    }

    private static func request(until: String) throws -> SitRequest {
        var request = SitRequest(countdown: ExactDecimal(0))
        let time = try #require(ClockTime(until))
        request.until = time
        return request
    }

    /// The instant the completion gong of a fixed sit sounds: its first frame, its countdown and its length.
    private static func completion(of fixed: (request: SitRequest, startsAt: Double)) throws -> Double {
        let minutes = try #require(fixed.request.minutes).doubleValue
        let countdown = try #require(fixed.request.countdown).doubleValue
        return fixed.startsAt + countdown + minutes * 60
    }

    @Test("--until 02:30 in the hour the clocks repeat is the second 02:30 once the first has passed")
    func repeatedHourTakesTheLaterOnce() throws {
        #expect(Self.berlin.timeZone.identifier == "Europe/Berlin")
        #expect(Self.berlin.component(.hour, from: Date(timeIntervalSince1970: Self.utc(0, 0))) == 2)
        let settings = try Settings.builtIn()
        let request = try Self.request(until: "02:30")
        // At 02:10 CEST (the first time round): the first 02:30, at 00:30 UTC
        let first = try #require(try request.fixingUntil(settings, now: Self.utc(0, 10), calendar: Self.berlin))
        #expect(abs(try Self.completion(of: first) - Self.utc(0, 30)) < 0.001)
        // At 02:10 CET (the second time round, the first 02:30 an hour ago): the second, at 01:30 UTC
        let second = try #require(try request.fixingUntil(settings, now: Self.utc(1, 10), calendar: Self.berlin))
        #expect(abs(try Self.completion(of: second) - Self.utc(1, 30)) < 0.001)
        // At 02:40 CET both have passed
        #expect(throws: SessionPlanError.untilPassed("02:30")) {
            try request.fixingUntil(settings, now: Self.utc(1, 40), calendar: Self.berlin)
        }
        // And an hour the clock shows once is as before: 01:30 has passed at 02:10 CET
        #expect(throws: SessionPlanError.untilPassed("01:30")) {
            try Self.request(until: "01:30").fixingUntil(settings, now: Self.utc(1, 10), calendar: Self.berlin)
        }
    }

    @Test("a sit made ready later than --until's first guess still rings its completion gong at that time")
    func slowPreparationStillEndsOnTime() throws {
        // Given a sit until 07:00:00 asked for at 06:55:00, its first length fixed with the 2 s guess
        let settings = try Settings.builtIn()
        let asked = try Self.request(until: "07:00")
        let now = try #require(
            Self.berlin.date(bySettingHour: 6, minute: 55, second: 0, of: Date(timeIntervalSince1970: Self.utc(12, 0)))
        ).timeIntervalSince1970
        let seven = now + 300
        let first = try #require(try asked.fixingUntil(settings, now: now, calendar: Self.berlin))
        let library = LibraryPaths(folder: FileManager.default.temporaryDirectory.path + "/until-fix-unused")
        let setup = try SitSetup(first.request, settings: settings, library: library, live: false)
        // When making it ready took 5 s (a cold start from an SD card), and it is fixed again then
        let again = try #require(try setup.fixingUntil(asked, settings: settings, now: now + 5, calendar: Self.berlin))
        // Then its plan's completion gong is at 07:00:00 to the frame, where the first guess was 3 s late
        let rate = Double(again.setup.plan.format.sampleRate)
        let gong = again.startsAt + Double(again.setup.plan.completionFrame) / rate
        #expect(abs(gong - seven) <= 1 / rate, "the completion gong at \(gong - seven) s from 07:00")
        let guessed = first.startsAt + Double(setup.plan.completionFrame) / rate + 5 - SitRequest.untilLeadSeconds
        #expect(guessed - seven > 2.9, "made ready 5 s late, the first guess rings \(guessed - seven) s late")
        // And its first frame is heard a moment after it is ready, not before
        #expect(again.startsAt == now + 5 + SitRequest.untilStartLeadSeconds)
    }
}
