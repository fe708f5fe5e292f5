import Control
import Foundation
import ProgramTestSupport
import Testing

/// The page of a service whose history folder another device shares: where a sit was sat and
/// where a schedule rings, as `meditate history` and `schedule list` say them.
extension WebPageTests {
    @Test(
        "with a second device on the shared folder, each sit says the device it was sat on and the other's schedule where it rings, in English and German"
    )
    func otherDevicesSitsAndSchedulesSayWhere() throws {
        // Given a service whose history folder another device (its own data folder) shares
        let shared = try Scratch()
        let fixture = try PageService(settings: "history-folder = \"\(shared.path("sync"))\"")
        defer { fixture.stop() }
        let other = try Scratch()
        try FileManager.default.createDirectory(
            atPath: other.path("config/meditate"), withIntermediateDirectories: true)
        try "history-folder = \"\(shared.path("sync"))\"\n".write(
            toFile: other.path("config/meditate/config.toml"), atomically: true, encoding: .utf8)
        let elsewhere = ["XDG_DATA_HOME": other.path("data"), "XDG_CONFIG_HOME": other.path("config")]
        // (both "devices" are this machine: each says its host name, as gethostname gives it)
        var name = [CChar](repeating: 0, count: 256)
        _ = gethostname(&name, name.count - 1)
        let host = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // And a sit here, a sit and a schedule there
        _ = try fixture.service.client().call("history.add", ["at": "2026-11-26T07:00", "minutes": 20])
        let sat = try CLIRunner.run(
            ["history", "add", "--at", "2026-11-27T07:00", "--minutes", "30"], environment: elsewhere)
        #expect(sat.status == 0, "\(sat.stderr)")
        let added = try CLIRunner.run(["schedule", "add", "--at", "06:30", "bell"], environment: elsewhere)
        #expect(added.status == 0, "\(added.stderr)")
        let deadline = Date().addingTimeInterval(10)
        while try fixture.service.client().call("schedule.list")["schedules"]?.arrayCount != 1, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
        }

        // When the Practice view is shown
        let page = try BrowserPage()
        try page.open(fixture.url + "#practice")
        try waitUntilLoaded(page)
        // Then each of the two sits names its device
        try page.waitForText("#sits", containing: "30 min")
        let sits = [try page.text("#sits li:first-child"), try page.text("#sits li:last-child")]
        #expect(sits.allSatisfy { $0.contains(" · on \(host)") }, "\(sits)")

        // When the Schedule view is shown
        try page.open(fixture.url + "#schedule")
        try waitUntilLoaded(page)
        // Then the other device's bell says where it rings, after when
        try page.waitForText("#schedules", containing: "on \(host)")
        let schedule = try page.text("#schedules li:first-child")
        #expect(schedule.contains("next: ") && schedule.contains(" · on \(host)"), "\(schedule)")

        // And in German the same in its words
        let german = try BrowserPage(language: "de")
        try german.open(fixture.url + "#schedule")
        try waitUntilLoaded(german)
        try german.waitForText("#schedules", containing: "auf \(host)")
        #expect(try german.text("#schedules li:first-child").contains("nächstes: "))
    }
}
