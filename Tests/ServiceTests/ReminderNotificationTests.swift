import Control
import Foundation
import ProgramTestSupport
import Testing

/// A scheduled reminder to sit on the desktop: python3-dbusmock's notification daemon on a
/// private session bus receives the notification, and its `ActionInvoked` plays the part of the
/// sitter pressing "Sit now". The sound goes to ALSA's null device.
@Suite(
    "Reminders: the desktop's notification and its Sit now, on a private session bus", .serialized,
    .enabled(if: PrivateDBus.available, "needs dbus-daemon and python3-dbusmock (make test installs them)"))
struct ReminderNotificationTests {
    @Test(
        "a scheduled reminder notifies in German with Sit now and plays nothing; Sit now starts its sit once, a stranger's button nothing"
    )
    func reminderNotifiesAndSitNowStartsItsSit() throws {
        // Given a notification daemon on a private session bus, and a German service beside it
        let scratch = try Scratch()
        let bus = try PrivateDBus(in: scratch, mock: .notificationDaemon)
        let service = try RunningService(
            ["--backend", "alsa", "--device", "null"], scratch: scratch,
            environment: [
                "DBUS_SESSION_BUS_ADDRESS": bus.address, "LANG": "de_DE.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""
            ])
        defer { service.stop() }
        let events = try service.subscriber()

        // When a reminder of a 6-second sit on pink noise is scheduled 3 s ahead, and is due
        let due = (Date().timeIntervalSince1970 + 3).rounded(.up)
        _ = try service.client().call(
            "schedule.add",
            [
                "action": "remind", "at": .string(ServiceLiveTests.clockText(due)),
                "options": ["minutes": "0.1", "noise": "pink", "countdown": 0]
            ])
        var received: [JSONValue] = []
        while let event = try events.nextEvent(timeoutMilliseconds: 20_000) {
            received.append(event)
            if event["event"] == "reminder" { break }
        }

        // Then every client is told, with the sit it offers
        let reminder = received.last { $0["event"] == "reminder" }
        #expect(reminder?["schedule"] == 1 && reminder?["due"]?.numberValue == due, "\(received.map(\.line))")
        #expect(reminder?["sit"] == ["minutes": "0.1", "countdown": "0", "noise": "pink"], "\(reminder?.line ?? "")")
        #expect(received.contains { $0["event"] == "schedule-fired" && $0["action"] == "remind" })
        // And the desktop is asked for one notification, in German, with the sit and a Sit now
        // button, kept until it is answered
        let notes = { bus.calls.split(separator: "\n").filter { $0.contains(" Notify ") } }
        #expect(try DesktopBusLiveTests.waitUntil(seconds: 10) { notes().count == 1 }, "\(bus.calls)")
        let note = notes().first.map(String.init) ?? ""
        #expect(note.contains("\"Zeit zum Sitzen\" \"6 s, rosa Rauschen\""), "\(note)")
        #expect(note.contains("[\"sit-now\", \"Jetzt sitzen\"]"), "\(note)")
        #expect(note.hasSuffix(" 0"), "\(note)")
        // And nothing plays: a reminder is silent, no bell rang
        Thread.sleep(forTimeInterval: 1)
        #expect(try service.client().call("status")["state"] == "idle")
        #expect(!received.contains { $0["event"] == "bell" }, "\(received.map(\.line))")

        // When a button of a notification that is not the reminder's is pressed
        try bus.pressNotificationButton(id: 99, key: "sit-now")
        Thread.sleep(forTimeInterval: 1)
        // Then nothing starts
        #expect(try service.client().call("status")["state"] == "idle")

        // When the reminder's Sit now is pressed
        try bus.pressNotificationButton(id: 1, key: "sit-now")
        var started: JSONValue?
        while started == nil, let event = try events.nextEvent(timeoutMilliseconds: 10_000) {
            if event["event"] == "session-started" { started = event }
        }
        // Then the sit it offered plays
        #expect(started?["session"]?["description"] == "6 s, rosa Rauschen", "\(started?.line ?? "nothing started")")
        try events.waitForEvent("session-recorded", timeoutMilliseconds: 20_000)

        // When it is pressed again (a desktop that sends it twice)
        try bus.pressNotificationButton(id: 1, key: "sit-now")
        Thread.sleep(forTimeInterval: 1)
        // Then no second sit starts: the history holds the one, and the log one Sit now
        let state = try service.client().call("status")["state"]?.stringValue ?? ""
        #expect(!["countdown", "sitting"].contains(state), "\(state)")
        let history = try service.history()
        #expect(history.arrayCount == 1, "\(history.line)")
        // And a reminder that asks for the bell rings the settings' bell with it
        _ = try service.client().call("remind", ["bell": true])
        var rang: JSONValue?
        // (the sit's completion gong is told once it is heard, which may come after its record)
        while rang == nil, let event = try events.nextEvent(timeoutMilliseconds: 10_000) {
            if event["event"] == "bell", event["bell"] != "completion" { rang = event }
        }
        #expect(rang?["bell"] == "bell", "\(rang?.line ?? "no bell")")
        let log = service.stop()
        #expect(log.components(separatedBy: "Erinnerung: jetzt sitzen").count == 2, "\(log)")
    }
}
