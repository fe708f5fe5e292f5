import Control
import Foundation
import ProgramTestSupport
import Testing

/// A reminder to sit on the page: shown over every view with one tap to start its sit, and
/// added from the Schedule form.
extension WebPageTests {
    @Test("a reminder shows over the page in German with its sit, Sit now starts that sit, and Not now puts it away")
    func reminderStartsItsSitWithOneTap() throws {
        // Given the page open in German on the Practice view, and nothing playing
        let fixture = try PageService()
        defer { fixture.stop() }
        let page = try BrowserPage(language: "de")
        try page.open(fixture.url + "#practice")
        try waitUntilLoaded(page)
        #expect(try page.script("return document.getElementById('reminder').hidden") == true)

        // When the service reminds of a 6-second sit on pink noise, in the sitter's words
        _ = try fixture.service.client().call(
            "remind", ["text": "Der Bus fährt um acht", "minutes": "0.1", "noise": "pink", "countdown": 0])

        // Then the page shows the words and the sit in German, over the view it was on, and
        // nothing plays yet
        try page.waitForText("#reminder-text", containing: "Der Bus fährt um acht")
        #expect(try page.text("#reminder-description") == "6 s, rosa Rauschen")
        #expect(try page.text("#reminder-sit") == "Jetzt sitzen")
        #expect(try page.script("return location.hash") == "#practice")
        #expect(try fixture.service.client().call("status")["state"] == "idle")

        // When "Jetzt sitzen" is tapped
        try page.click("#reminder-sit")
        // Then that sit plays, the Now view shows it, and the reminder is gone
        try page.waitForText("#now-description", containing: "6 s, rosa Rauschen", seconds: 10)
        let session = try fixture.service.client().call("status")["session"]
        #expect(session?["description"] == "6 s, rosa Rauschen", "\(session?.line ?? "")")
        #expect(try page.script("return document.getElementById('reminder').hidden") == true)
        _ = try fixture.service.client().call("stop")

        // When another reminder comes and "Nicht jetzt" is tapped
        _ = try fixture.service.client().call("remind", ["minutes": 20])
        try page.waitForText("#reminder-text", containing: "Zeit zum Sitzen")
        try page.click("#reminder-later")
        // Then it is put away and nothing starts
        #expect(try page.script("return document.getElementById('reminder').hidden") == true)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try fixture.service.client().call("status")["session"]?["description"] != "20 min")
    }

    @Test("the Schedule form adds a reminder of a sit of minutes, said as a reminder in the list")
    func scheduleFormAddsAReminder() throws {
        // Given the Schedule view
        let fixture = try PageService()
        defer { fixture.stop() }
        let page = try BrowserPage()
        try page.open(fixture.url + "#schedule")
        try waitUntilLoaded(page)

        // When "a reminder to sit" of 25 minutes at 07:00 is added
        _ = try page.script(
            """
            const what = document.getElementById('schedule-what');
            what.value = 'remind';
            what.dispatchEvent(new Event('change'));
            """)
        #expect(try page.script("return document.getElementById('schedule-minutes-field').hidden") == false)
        try page.fill("#schedule-minutes", "25")
        _ = try page.script("document.getElementById('schedule-at').value = '07:00'")
        try page.click("button[type=submit][form=schedule-form]")

        // Then the service keeps a reminder of that sit, and the list says it is one
        try page.waitForText("#schedules", containing: "07:00 AM, daily: a reminder, 25 min")
        guard case let .array(schedules)? = try fixture.service.client().call("schedule.list")["schedules"] else {
            Issue.record("no schedules")
            return
        }
        #expect(schedules.count == 1 && schedules.first?["action"] == "remind", "\(schedules)")
        #expect(schedules.first?["options"]?["minutes"] == 25, "\(schedules)")
    }
}
