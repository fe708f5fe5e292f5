import Control
import Foundation
import ProgramTestSupport
import Testing

/// The history by hand over the protocol, as every device the history reaches edits it.
@Suite("the service's history by hand")
struct ServiceHistoryTests {
    @Test(
        "history.add, history.edit and history.remove change the history; a note too long is one line and changes nothing"
    )
    func byHandOverTheSocket() throws {
        // Given a service on ALSA's null device
        let scratch = try Scratch()
        let service = try RunningService(["--backend", "alsa", "--device", "null"], scratch: scratch)
        defer { service.stop() }
        let client = try service.client()

        // When a sit is added by hand, and a timed sit with a note is played
        let added = try client.call("history.add", ["at": "2026-11-27T07:00", "minutes": "20", "note": "retreat"])
        let events = try service.subscriber()
        _ = try client.call("sit.start", ["minutes": "0.05", "countdown": 0, "note": "calm"])
        try events.waitForEvent("session-recorded", timeoutMilliseconds: 20_000)

        // Then the history holds both, each with its note, the added one as manual
        let id = try #require(added["sit"]?["id"]?.intValue)
        let sits = try client.call("history.list", ["newest": 10])["sessions"]
        #expect(sits?.line.contains("\"remark\":\"retreat\"") == true, "\(sits?.line ?? "")")
        #expect(sits?.line.contains("\"remark\":\"calm\"") == true, "\(sits?.line ?? "")")
        #expect(sits?.line.contains("\"kind\":\"manual\"") == true, "\(sits?.line ?? "")")

        // When a note of 60 000 characters is sent to set it right, and one of 1 MB
        var refusal = ""
        do {
            _ = try client.call(
                "history.edit", ["id": .number(Double(id)), "note": .string(String(repeating: "a", count: 60_000))])
        } catch {
            refusal = "\(error)"
        }
        // Then the first is refused in one line; the second is a line longer than the protocol
        // takes, which closes the connection after one line that says so
        #expect(refusal.contains("note has 60000 characters; a note holds at most 2000"), "\(refusal.prefix(300))")
        #expect(throws: (any Error).self) {
            try service.client().call(
                "history.edit", ["id": .number(Double(id)), "note": .string(String(repeating: "a", count: 1 << 20))])
        }
        // And the sit keeps its note, and the service serves on
        let after = try service.client().call("history.list", ["newest": 10])["sessions"]
        #expect(after?.line.contains("\"remark\":\"retreat\"") == true)

        // When it is removed, twice
        let client2 = try service.client()
        let removed = try client2.call("history.remove", ["id": .number(Double(id))])
        #expect(removed["removed"]?["id"]?.intValue == id)
        #expect(throws: (any Error).self) { try client2.call("history.remove", ["id": .number(Double(id))]) }
        // Then the played sit alone is left
        let left = try client2.call("history.list", ["newest": 10])["sessions"]
        #expect(left?.line.contains("manual") == false, "\(left?.line ?? "")")
    }
}
