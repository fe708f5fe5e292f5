import Control
import Foundation
import ProgramTestSupport
import Testing
import WAVTestSupport

/// A course on the page: its next day on Now, one tap to play it, the next one once it was heard.
extension WebPageTests {
    @Test("a course's next day is on Now in German; one tap plays it, and once heard to its end the card offers day 2")
    func courseDayWithOneTap() throws {
        // Given a service whose library holds two one-second tracks, and a course of them
        let fixture = try PageService()
        defer { fixture.stop() }
        let folder = fixture.scratch.path("course")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (index, name) in ["1 Atem.wav", "2 Körper.wav"].enumerated() {
            let samples = (0..<rate).flatMap { frame -> [Float] in
                let value = Float(0.2 * sin(2 * Double.pi * Double(300 + 100 * index) * Double(frame) / Double(rate)))
                return [value, value]
            }
            try writeFloatWAV(path: folder + "/" + name, samples: samples, sampleRate: rate, channels: 2)
        }
        let environment = ["XDG_DATA_HOME": fixture.service.data]
        #expect(try CLIRunner.run(["library", "import", folder], environment: environment).status == 0)
        let created = try CLIRunner.run(
            ["library", "course", "create", "Grundlagen", "--from-folder", folder], environment: environment)
        #expect(created.status == 0, "\(created.stderr)")

        // When the Now view is opened in German
        let page = try BrowserPage(language: "de")
        try page.open(fixture.url + "#now")
        try waitUntilLoaded(page)
        // Then the course's first day is offered
        try page.waitForText("#now-courses", containing: "Grundlagen · Tag 1 von 2: 1 Atem")

        // When it is tapped
        let events = try fixture.service.subscriber()
        try page.click("#now-courses button")
        // Then that track plays, and once it was heard to its end the card offers day 2
        var recorded: JSONValue?
        while recorded == nil, let event = try events.nextEvent(timeoutMilliseconds: 30_000) {
            if event["event"] == "session-recorded" { recorded = event }
        }
        #expect(recorded?["completed"] == true, "\(recorded?.line ?? "not recorded")")
        try page.waitForText("#now-courses", containing: "Grundlagen · Tag 2 von 2: 2 Körper")
        let courses = try fixture.service.client().call("course.list")["courses"]
        #expect(courses?[0]?["done"] == 1 && courses?[0]?["next"]?["day"] == 2, "\(courses?.line ?? "")")
    }
}
