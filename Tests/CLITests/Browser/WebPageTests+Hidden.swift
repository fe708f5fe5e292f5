import Control
import Foundation
import ProgramTestSupport
import Testing

/// What the page hides stays hidden, and what it shows besides a view (a reminder, the note of
/// a sit just ended) never lies over the tab bar or a view's Start.
extension WebPageTests {
    static let views = ["now", "sit", "library", "practice", "schedule"]

    /// Every element marked `hidden` that is displayed all the same, every tab whose middle is
    /// covered by something else, and whether the shown view's docked button (when it has one)
    /// is wholly above the tab bar.
    static let coverCheck = """
        const shown = [...document.querySelectorAll('[hidden]')]
          .filter((e) => getComputedStyle(e).display !== 'none')
          .map((e) => e.id || e.className || e.tagName);
        const covered = [...document.querySelectorAll('.tabs a')].filter((a) => {
          const r = a.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return !a.contains(hit);
        }).map((a) => a.textContent);
        const bar = document.querySelector('.tabs').getBoundingClientRect().top;
        const view = document.querySelector('.view:not([hidden])');
        const dock = view && view.querySelector('.dock .primary');
        let docked = true;
        if (dock && dock.offsetParent) {
          const r = dock.getBoundingClientRect();
          docked = r.bottom <= bar && r.top >= 0;
        }
        return {shown, covered, docked};
        """

    /// Shows every view by its tab, as a thumb does, and checks each; saves a screenshot of each.
    private func checkEveryView(_ page: BrowserPage, _ name: String, scratch: Scratch) throws {
        for view in Self.views {
            try page.click(".tabs a[data-view='\(view)']")
            let found = try page.script(Self.coverCheck)
            // MEDITATE_SCREENSHOTS: a folder to keep them in, to be looked at.
            let folder = ProcessInfo.processInfo.environment["MEDITATE_SCREENSHOTS"] ?? scratch.path("")
            try page.screenshot(folder + "/" + "\(name)-\(view).png".replacingOccurrences(of: " ", with: "-"))
            #expect(found["shown"] == [], "\(name), \(view): hidden yet shown \(found.line)")
            #expect(found["covered"] == [], "\(name), \(view): tabs covered \(found.line)")
            #expect(found["docked"] == true, "\(name), \(view): Start not above the tab bar \(found.line)")
        }
    }

    @Test(
        "at 360×740 and 320×568 in en and de, with a reminder and with the note of a sit just ended, no view covers a tab or its Start, and nothing hidden shows"
    )
    func reminderAndNoteCoverNothing() throws {
        // Given a service with data to show
        let fixture = try PageService()
        defer { fixture.stop() }
        try addTrackAndSchedule(to: fixture)
        for size in Self.phones {
            for language in ["en", "de"] {
                let name = "\(size) \(language)"
                let page = try BrowserPage(language: language, scheme: "light", size: size)
                try page.open(fixture.url + "#now")
                try waitUntilLoaded(page)
                // When nothing is shown besides the views
                try checkEveryView(page, name + " plain", scratch: fixture.scratch)

                // When a reminder is shown over every view
                _ = try fixture.service.client().call("remind", ["text": "Der Bus fährt um acht", "minutes": 20])
                try page.waitForText("#reminder-text", containing: "Der Bus")
                try checkEveryView(page, name + " reminder", scratch: fixture.scratch)
                try page.click("#reminder-later")

                // When a sit has just ended, its note asked for on the Now view
                _ = try fixture.service.client().call("sit.start", ["minutes": "0.02", "countdown": 0, "gong": "bell"])
                try waitForNoteForm(page, shown: true)
                try checkEveryView(page, name + " note", scratch: fixture.scratch)
            }
        }
    }

    @Test(
        "the note form is shown only after a sit has ended, for that sit: not idle, not while sitting, not after a sleep"
    )
    func noteFormOnlyAfterASit() throws {
        // Given the page open on Now, nothing played yet
        let fixture = try PageService()
        defer { fixture.stop() }
        let page = try BrowserPage()
        try page.open(fixture.url + "#now")
        try waitUntilLoaded(page)
        let client = try fixture.service.client()
        let displayed = "return getComputedStyle(document.getElementById('note-form')).display !== 'none'"
        // Then no note is asked for while idle
        #expect(try page.script(displayed) == false)

        // When a sit plays, no note is asked for
        _ = try client.call("sit.start", ["minutes": 20, "countdown": 0])
        try page.waitForText("#now-phase", containing: "sitting")
        #expect(try page.script(displayed) == false)

        // When it is stopped, the note is asked for, and kept with the sit that ended
        _ = try client.call("stop")
        try waitForNoteForm(page, shown: true)
        let ended = try #require(try client.call("history.list", ["newest": 1])["sessions"]?.arrayValue?.first)
        try page.fill("#note-text", "the rain, then quiet")
        try page.click("#note-save")
        try page.waitForText("#note-said", containing: "Kept with the sit")
        let sits = try client.call("history.list", ["newest": 1])["sessions"]?.arrayValue ?? []
        #expect(
            sits.first?["id"] == ended["id"] && sits.first?["remark"] == "the rain, then quiet", "\(sits.map(\.line))")

        // When a sleep is started and stopped, no note is asked for: nobody is awake to write one
        _ = try client.call("sit.start", ["sleep": true, "minutes": 20])
        try waitForNoteForm(page, shown: false)
        _ = try client.call("stop")
        try page.waitForText("#now-phase", containing: "ended")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try page.script(displayed) == false)
    }

    /// Waits up to 20 s for the note form to be shown (or not).
    private func waitForNoteForm(_ page: BrowserPage, shown: Bool) throws {
        let deadline = Date().addingTimeInterval(20)
        var hidden = try page.script("return document.getElementById('note-form').hidden")
        while hidden != .bool(!shown), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            hidden = try page.script("return document.getElementById('note-form').hidden")
        }
        #expect(hidden == .bool(!shown), "the note form's hidden is \(hidden.line)")
    }
}
