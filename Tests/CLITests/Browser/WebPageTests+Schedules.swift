import Control
import Foundation
import ProgramTestSupport
import Testing

/// Schedules on the page: each read as its sit is on Now, and the Schedule form adding what the
/// other views start.
extension WebPageTests {
    @Test(
        "the README's zazen morning reads as its sit does on Now; the form adds the sit set under Sit, a preset and a recording"
    )
    func schedulesReadAndMadeOnThePage() throws {
        // Given a service with a recording and the preset `evening`, and the README's zazen morning
        let fixture = try PageService()
        defer { fixture.stop() }
        let service = fixture.service
        try addTrackAndSchedule(to: fixture)
        _ = try service.client().call(
            "schedule.add",
            [
                "action": "sit", "at": "06:30", "days": "mon-fri",
                "options": ["segments": "sit 25, walk 10, sit 25"]
            ])

        // When the Schedule view is shown
        let page = try BrowserPage()
        try page.open(fixture.url + "#schedule")
        try waitUntilLoaded(page)

        // Then the zazen morning is said as its sit, not as "a sit", its time first
        try page.waitForText(
            "#schedules", containing: "06:30 AM, Monday to Friday: 1 h, sit 25 min, walk 10 min, sit 25 min")
        let listed = try page.text("#schedules")
        #expect(listed.contains("06:30 AM, daily: 20 min"), "\(listed)")

        // When a 15-minute sit with pink noise is set under Sit and "Schedule this sit…" is tapped
        try page.open(fixture.url + "#sit")
        try waitUntilLoaded(page)
        try page.fill("#sit-minutes", "15")
        try page.click("input[name=noise][value=pink]")
        try page.click("#sit-schedule")
        // Then the Schedule form is shown, set to add that sit, with no minutes of its own
        try page.waitForText("#schedule-heading", containing: "Schedule")
        #expect(try page.script("return location.hash") == "#schedule")
        #expect(try page.script("return document.getElementById('schedule-what').value") == "form")
        #expect(try page.script("return document.getElementById('schedule-minutes-field').hidden") == true)
        // And added at 07:15, the service keeps that sit, and the page says it as Now would
        try addFromForm(page, at: "07:15")
        try page.waitForText("#schedules", containing: "07:15 AM, daily: 15 min")
        let fromForm = try newestSchedule(service)
        #expect(
            fromForm?["action"] == "sit" && fromForm?["options"]?["minutes"] == 15
                && fromForm?["options"]?["noise"] == "pink", "\(fromForm?.line ?? "")")
        #expect(try page.text("#schedules").contains("07:15 AM, daily: 15 min, pink noise"))

        // When the preset is chosen, and then the recording
        try choose(page, "preset")
        #expect(try page.script("return document.getElementById('schedule-preset').value") == "evening")
        try addFromForm(page, at: "21:00")
        try page.waitForText("#schedules", containing: "09:00 PM, daily: evening: 12 s, pink noise")
        #expect(try newestSchedule(service)?["options"]?["preset"] == "evening")
        try choose(page, "play")
        try addFromForm(page, at: "20:00")
        // Then each is kept as asked, and the recording is said by its title
        try page.waitForText("#schedules", containing: "08:00 PM, daily: Ajahn Test - Breathing")
        let played = try newestSchedule(service)
        #expect(played?["action"] == "play" && played?["options"]?["track"] == "1", "\(played?.line ?? "")")
    }

    /// The schedule added last.
    private func newestSchedule(_ service: RunningService) throws -> JSONValue? {
        guard case let .array(schedules)? = try service.client().call("schedule.list")["schedules"] else { return nil }
        return schedules.max { ($0["id"]?.numberValue ?? 0) < ($1["id"]?.numberValue ?? 0) }
    }

    private func choose(_ page: BrowserPage, _ what: String) throws {
        _ = try page.script(
            """
            const what = document.getElementById('schedule-what');
            what.value = '\(what)';
            what.dispatchEvent(new Event('change'));
            """)
    }

    private func addFromForm(_ page: BrowserPage, at time: String) throws {
        _ = try page.script("document.getElementById('schedule-at').value = '\(time)'")
        try page.click("button[type=submit][form=schedule-form]")
    }
}
