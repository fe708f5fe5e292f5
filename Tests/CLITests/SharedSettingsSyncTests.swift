import Control
import Foundation
import ProgramTestSupport
import Testing

@Suite("presets and schedules on Syncthing")
struct SharedSettingsSyncTests {
    @Test(
        "a preset saved on one device is on the other, the latest save wins; a schedule is run by the service it names alone, and removed from the other",
        .enabled(if: PrivateSyncthing.available, "needs syncthing (make test installs it)"))
    func presetsAndSchedulesAcrossDevices() throws {
        // Given two devices whose shared folders two real Syncthings keep in step
        let scratch = try Scratch()
        let laptop = try SyncedDevice("laptop", in: scratch)
        let pi = try SyncedDevice("pi", in: scratch)
        let sync = try PrivateSyncthing(in: scratch, folders: [laptop.historyFolder, pi.historyFolder])

        // When the laptop saves a preset, then the Pi saves the name again, then the laptop removes it
        _ = try laptop.succeed(["preset", "save", "morning", "--minutes", "20"])
        try waitUntil("the Pi has the laptop's preset", sync: sync) {
            try pi.run(["preset", "show", "morning"]).stdout == "minutes = 20\n"
        }
        _ = try pi.succeed(["preset", "save", "morning", "--minutes", "30", "--interval", "10"])
        try waitUntil("the laptop has the Pi's later save", sync: sync) {
            try laptop.run(["preset", "show", "morning"]).stdout == "minutes = 30\ninterval = 10\n"
        }
        _ = try laptop.succeed(["preset", "remove", "morning"])

        // Then it is gone on both
        try waitUntil("the Pi has the removal", sync: sync) {
            try pi.run(["preset", "list"]).stderr.contains("no presets yet")
        }

        // When each device runs its service, and the laptop's is given a bell for 12 s from now
        let laptopService = try RunningService(
            ["--backend", "alsa", "--device", "null"], scratch: scratch,
            environment: ["XDG_DATA_HOME": laptop.data, "XDG_CONFIG_HOME": laptop.config],
            socket: scratch.path("laptop-run/control.sock"))
        defer { _ = laptopService.stop() }
        let piService = try RunningService(
            ["--backend", "alsa", "--device", "null"], scratch: scratch,
            environment: ["XDG_DATA_HOME": pi.data, "XDG_CONFIG_HOME": pi.config],
            socket: scratch.path("pi-run/control.sock"))
        defer { _ = piService.stop() }
        let laptopEvents = try laptopService.subscriber()
        let piEvents = try piService.subscriber()
        let due = Date().addingTimeInterval(12)
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        let added = try laptopService.client().call(
            "schedule.add", ["action": "bell", "at": .string(formatter.string(from: due))])
        let uuid = try #require(added["schedule"]?["uuid"]?.stringValue)

        // Then the Pi's service lists it as the laptop's, and is told it changed
        try waitUntil("the Pi's service lists the laptop's schedule", sync: sync) {
            let listed = try schedules(of: piService)
            return listed.contains { $0["uuid"]?.stringValue == uuid && $0["elsewhere"] == true }
        }
        #expect(Date() < due, "the schedule reached the Pi only after its time")
        // And at its time the laptop's service rings it, the Pi's does not
        var onLaptop: [JSONValue] = [], onPi: [JSONValue] = []
        while let event = try laptopEvents.nextEvent(timeoutMilliseconds: 20_000) {
            onLaptop.append(event)
            if event["event"] == "schedule-fired" { break }
        }
        while let event = try piEvents.nextEvent(timeoutMilliseconds: 3_000) { onPi.append(event) }
        #expect(onLaptop.contains { $0["event"] == "schedule-fired" }, "\(onLaptop.map(\.line))")
        #expect(onPi.contains { $0["event"] == "schedules-changed" }, "\(onPi.map(\.line))")
        #expect(!onPi.contains { $0["event"] == "schedule-fired" || $0["event"] == "bell" }, "\(onPi.map(\.line))")

        // When the Pi removes it, the laptop's service no longer has it
        let number = try #require(try schedules(of: piService).first?["id"]?.intValue)
        _ = try piService.client().call("schedule.remove", ["id": .number(number)])
        try waitUntil("the laptop's service has the removal", sync: sync) {
            try schedules(of: laptopService).isEmpty
        }

        // When the laptop saves a preset while both services run
        _ = try laptop.succeed(["preset", "save", "evening", "--minutes", "15"])
        // Then the Pi's service tells its clients once the file is there, and offers it
        var told = false
        let deadline = Date().addingTimeInterval(60)
        while !told, Date() < deadline, let event = try piEvents.nextEvent(timeoutMilliseconds: 60_000) {
            told = event["event"] == "presets-changed"
        }
        #expect(told, "no presets-changed on the Pi")
        #expect(try piService.client().call("presets")["presets"]?["evening"]?["minutes"] == "15")
        #expect(laptop.conflicts.isEmpty && pi.conflicts.isEmpty, "\(laptop.conflicts) \(pi.conflicts)")
    }

    /// The schedules a service lists.
    private func schedules(of service: RunningService) throws -> [JSONValue] {
        guard case let .array(listed)? = try service.client().call("schedule.list")["schedules"] else { return [] }
        return listed
    }

    /// Polls `condition` until it holds (a minute at most).
    private func waitUntil(_ what: String, sync: PrivateSyncthing, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if try condition() { return }
            Thread.sleep(forTimeInterval: 0.25)
        }
        Issue.record("\(what): not after a minute\n\(sync.log(0).suffix(2000))\n\(sync.log(1).suffix(2000))")
    }
}
