import Control
import Foundation
import ProgramTestSupport
import Testing

/// `/history.ics`: the service's history as a calendar a calendar program subscribes to, read by
/// a real iCalendar parser over a real HTTP request.
@Suite("the service's calendar feed")
struct ServiceCalendarTests {
    @Test(
        "/history.ics with the token: every sit with its start and length, in the language asked for; without it 401",
        .enabled(if: CalendarReading.parserInstalled, "needs python3-icalendar (make test installs it)"))
    func historyIsACalendar() throws {
        // Given a service listening on loopback with its pairing token, two sits added by hand
        // and one played
        let scratch = try Scratch()
        let service = try RunningService(
            ["--backend", "alsa", "--device", "null", "--listen", "127.0.0.1:0"], scratch: scratch,
            environment: ["TZ": "UTC"])
        defer { service.stop() }
        let log = service.waitForLog(containing: "?token=")
        let token = log.split(separator: "?token=").last.map { String($0.prefix { $0.isHexDigit }) } ?? ""
        let client = try service.client()
        let web = try #require(try client.call("hello")["web"]?.stringValue)
        _ = try client.call("history.add", ["at": "2026-11-27T07:00", "minutes": "20", "note": "retreat, day 3"])
        _ = try client.call("history.add", ["at": "2026-11-28T07:00", "minutes": "25"])
        let events = try service.subscriber()
        _ = try client.call("sit.start", ["minutes": "0.05", "countdown": 0, "noise": "pink"])
        try events.waitForEvent("session-recorded", timeoutMilliseconds: 20_000)

        // When a calendar program asks for it with the token, with `?lang=de`, with a German
        // Accept-Language, and without the token
        let feed = web + "history.ics"
        let english = try CalendarReading.url(feed + "?token=\(token)")
        let german = try CalendarReading.url(feed + "?token=\(token)&lang=de")
        let accepted = try CalendarReading.url(
            feed, headers: ["Authorization": "Bearer \(token)", "Accept-Language": "de-AT,de;q=0.9,en;q=0.5"])
        let refused = try CalendarReading.url(feed)

        // Then each sit is an event at its start, as long as it was sat, newest last
        #expect(english.status == 200)
        #expect(english.contentType == "text/calendar; charset=utf-8")
        try #require(english.events.count == 3)
        #expect(english.events[0].start == 1_795_762_800)
        #expect(english.events[0].seconds == 1200)
        #expect(english.events[0].description == "20 min · completed\n\nretreat, day 3")
        #expect(english.events[1].seconds == 1500)
        #expect(english.events[2].summary == "Meditation: 3 s, pink noise")
        #expect(english.events[2].seconds == 3)
        // And asked in German, it speaks German, either way
        #expect(german.events.map(\.summary).last == "Meditation: 3 s, rosa Rauschen")
        #expect(accepted.events.map(\.summary) == german.events.map(\.summary))
        // And without the token, nothing but 401
        #expect(refused.status == 401)
        #expect(refused.events.isEmpty)
    }
}

extension ServiceCalendarTests {
    @Test(
        "a calendar of 2,000 sits is sent as it is read, a batch at a time, every sit in it, as history --ics writes it",
        .enabled(if: CalendarReading.parserInstalled, "needs python3-icalendar (make test installs it)"))
    func longHistoryIsSentAsItIsRead() throws {
        // Given a service whose history holds 2,000 sits another device's file brought
        let scratch = try Scratch()
        let device = String(repeating: "d", count: 32)
        let folder = scratch.path("data") + "/meditate/history/" + device
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let lines = (0..<2000).map { number in
            let start = 1_790_000_000 + number * 7200
            return
                #"{"changed":\#(start),"completed":true,"device":"\#(device)","host":"elsewhere","kind":"timer","note":"20 min","plannedSeconds":1200,"remark":"","satSeconds":1200,"startedAt":\#(start),"uuid":"\#(String(format: "00000000-0000-4000-8000-%012x", number))"}"#
        }
        try (lines.joined(separator: "\n") + "\n").write(
            toFile: folder + "/2026-10.jsonl", atomically: false, encoding: .utf8)
        let service = try RunningService(
            ["--backend", "alsa", "--device", "null", "--listen", "127.0.0.1:0"], scratch: scratch,
            environment: ["TZ": "UTC"])
        defer { service.stop() }
        let log = service.waitForLog(containing: "?token=")
        let token = log.split(separator: "?token=").last.map { String($0.prefix { $0.isHexDigit }) } ?? ""
        let web = try #require(try service.client().call("hello")["web"]?.stringValue)

        // When a calendar program asks for it
        let feed = try CalendarReading.url(web + "history.ics?token=\(token)")

        // Then it came in pieces as it was read (no length known beforehand), every sit in it,
        // oldest first, as the terminal's export has them
        #expect(feed.status == 200)
        #expect(feed.transferEncoding == "chunked")
        #expect(feed.events.count == 2000)
        #expect(feed.events.first?.start == 1_790_000_000)
        #expect(feed.events.last?.start == Double(1_790_000_000 + 1999 * 7200))
        let exported = try CLIRunner.run(
            ["history", "--ics"], environment: ["XDG_DATA_HOME": service.data, "TZ": "UTC"])
        #expect(exported.status == 0, "\(exported.stderr)")
        let path = scratch.path("exported.ics")
        try exported.stdout.write(toFile: path, atomically: false, encoding: .utf8)
        #expect(try CalendarReading.file(path).events == feed.events)
    }
}
