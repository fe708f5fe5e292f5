import Control
import Foundation
import ProgramTestSupport
import Testing

/// The Practice view's recent sits: set right (minutes, note) and removed on the page.
extension WebPageTests {
    @Test(
        "the Practice view lists the recent sits with their notes; one is set right in place, another removed after a second tap"
    )
    func sitsSetRightAndRemovedOnThePage() throws {
        // Given two sits done elsewhere, the newer with a note
        let fixture = try PageService()
        defer { fixture.stop() }
        let client = try fixture.service.client()
        _ = try client.call("history.add", ["at": "2026-11-26T07:00", "minutes": 20])
        _ = try client.call("history.add", ["at": "2026-11-27T07:00", "minutes": 30, "note": "retreat, day 3"])

        // When the Practice view is shown
        let page = try BrowserPage()
        try page.open(fixture.url + "#practice")
        try waitUntilLoaded(page)
        // Then both are listed, the newest first, with its note
        try page.waitForText("#sits", containing: "retreat, day 3")
        let first = try page.text("#sits li:first-child")
        #expect(first.contains("30 min") && first.contains("retreat, day 3"), "\(first)")

        // When the newest is edited to 35 minutes and another note, and saved
        try page.click("#sits li:first-child button")
        try page.fill("#sits li:first-child input", "35")
        try page.fill("#sits li:first-child textarea", "retreat, day 3: rain")
        try page.click("#sits li:first-child button[type=submit]")
        // Then the history holds it so, and the list says it
        try page.waitForText("#sits", containing: "retreat, day 3: rain")
        let sits = try client.call("history.list", ["newest": 2])["sessions"]
        #expect(sits?[1]?["satSeconds"] == 2100 && sits?[1]?["remark"] == "retreat, day 3: rain", "\(sits?.line ?? "")")

        // When the older one's Remove is tapped once, and again
        let remove = "#sits li:last-child button:last-child"
        try page.click(remove)
        // Then the first tap only asks, and the second removes it
        #expect(try page.text(remove) == "Remove?")
        #expect(try client.call("history.list", ["newest": 5])["sessions"]?.arrayCount == 2)
        try page.click(remove)
        let deadline = Date().addingTimeInterval(10)
        while try client.call("history.list", ["newest": 5])["sessions"]?.arrayCount != 1, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(try client.call("history.list", ["newest": 5])["sessions"]?.arrayCount == 1)
        try page.waitForText("#sits", containing: "35 min")
        #expect(try !page.text("#sits").contains("20 min"))
    }
}
