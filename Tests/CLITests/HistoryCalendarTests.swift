import Foundation
import ProgramTestSupport
import Testing

/// `meditate history --ics`: the practice as a calendar, read back by a real iCalendar parser.
@Suite("the history as a calendar")
struct HistoryCalendarTests {
    @Test(
        "history --ics: each sit but a sleep is one event at its start, as long as it was sat, named in the reader's language",
        .enabled(if: CalendarReading.parserInstalled, "needs python3-icalendar (make test installs it)"))
    func everySitIsAnEvent() throws {
        // Given a sit added by hand with a note that iCalendar must escape and fold, a live sit
        // of 3 s on pink noise, and a sleep (Berlin time: the file's times are UTC)
        let history = try HistoryScratch(timeZone: "Europe/Berlin")
        let note = "rain; then, a \\ and stillness — über die Stille hinaus, länger als eine Zeile der Datei es erlaubt"
        let added = try history.run(["history", "add", "--at", "2026-11-27T07:00", "--minutes", "20", "--note", note])
        #expect(added.status == 0, "\(added.stderr)")
        let live = ["--countdown", "0", "--backend", "alsa", "--device", "null", "-q"]
        #expect(try history.run(["--minutes", "0.05", "--noise", "pink"] + live).status == 0)
        #expect(try history.run(["sleep", "0.05", "--fade-out", "1"] + live.dropFirst(2)).status == 0)

        // When the history is written as a calendar, in English and in German
        let english = try history.run(["history", "--ics"])
        let german = try CLIRunner.run(
            ["history", "--ics"], environment: history.environment.merging(["LANG": "de_DE.UTF-8"]) { $1 })
        #expect(english.status == 0, "\(english.stderr)")
        try english.stdout.write(toFile: history.scratch.path("en.ics"), atomically: true, encoding: .utf8)
        try german.stdout.write(toFile: history.scratch.path("de.ics"), atomically: true, encoding: .utf8)
        let events = try CalendarReading.file(history.scratch.path("en.ics")).events
        let germanEvents = try CalendarReading.file(history.scratch.path("de.ics")).events

        // Then there are two events, the sleep left out: the added sit at 06:00 UTC for 20 min
        // with its note whole, the live one for its 3 s on pink noise
        try #require(events.count == 2, "\(english.stdout)")
        #expect(events[0].start == 1_795_759_200)
        #expect(events[0].seconds == 1200)
        #expect(events[0].summary == "Meditation: 20 min")
        #expect(events[0].description == "20 min · completed\n\n" + note)
        #expect(events[1].seconds == 3)
        #expect(events[1].summary == "Meditation: 3 s, pink noise")
        #expect(Set(events.map(\.uid)).count == 2)
        // And every line of the file is CRLF-terminated and at most 75 bytes
        let lines = english.stdout.components(separatedBy: "\r\n")
        #expect(lines.last == "")
        #expect(lines.allSatisfy { $0.utf8.count <= 75 && !$0.contains("\n") })
        // And the German file says the same sits in German, by the same UIDs
        #expect(germanEvents.map(\.uid) == events.map(\.uid))
        #expect(germanEvents[1].summary == "Meditation: 3 s, rosa Rauschen")
        #expect(germanEvents[0].description.hasPrefix("20 min · vollständig"), "\(germanEvents[0].description)")
        // And the same history gives the same bytes again
        #expect(try history.run(["history", "--ics"]).stdout == english.stdout)
    }

    @Test("two formats at once are one line")
    func oneFormatAtATime() throws {
        let history = try HistoryScratch()
        let both = try history.run(["history", "--csv", "--ics"])
        #expect(both.status == 64)
        #expect(both.stderr == "meditate: error: --json, --csv and --ics are three formats; choose one\n")
    }
}
