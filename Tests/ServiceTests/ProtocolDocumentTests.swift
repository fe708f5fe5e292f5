import Clock
import Control
import Foundation
import ProgramTestSupport
import Testing

@testable import Service

/// docs/protocol.md cannot drift from the code: every exchange in it is replayed, in order on
/// one connection, against a real service playing to ALSA's null device.
@Suite("docs/protocol.md")
struct ProtocolDocumentTests {
    /// The document, found from this file's place in the repository.
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/protocol.md").standardized.path

    /// The lines of every ```jsonrpc block: (true, line) for what the client sends.
    static func exchanges(in text: String) -> [(sent: Bool, line: String)] {
        var inBlock = false
        var lines: [(Bool, String)] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock = line == "```jsonrpc"
                continue
            }
            guard inBlock else { continue }
            if line.hasPrefix("-> ") { lines.append((true, String(line.dropFirst(3)))) }
            if line.hasPrefix("<- ") { lines.append((false, String(line.dropFirst(3)))) }
        }
        return lines
    }

    @Test("docs/protocol.md heads a section with every method of the service's table, and with no other")
    func documentNamesEveryMethodOfTheTable() throws {
        // Given the document's method headings ("### a, b": the names in lower case)
        let text = try String(contentsOfFile: Self.document, encoding: .utf8)
        let named = Set(
            text.split(separator: "\n").filter { $0.hasPrefix("### ") }
                .flatMap { $0.dropFirst(4).split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.first?.isLowercase == true })
        // When they are set against the method table
        let table = Set(ServiceMethods.all.map(\.name))
        // Then each names the same methods, and the table names each once
        #expect(
            named == table,
            "only in the document: \(named.subtracting(table).sorted()); only in the table: \(table.subtracting(named).sorted())"
        )
        #expect(table.count == ServiceMethods.all.count, "a method is in the table twice")
    }

    @Test("every example exchange in docs/protocol.md is what a real service answers")
    func examplesHold() throws {
        // Given the document's exchanges and a service
        let exchanges = Self.exchanges(in: try String(contentsOfFile: Self.document, encoding: .utf8))
        try #require(exchanges.count >= 20, "found \(exchanges.count) lines")
        let scratch = try Scratch()
        let service = try RunningService(["--backend", "alsa", "--device", "null"], scratch: scratch)
        defer { service.stop() }
        let client = try service.client()

        // When each line is sent, and each answer read, in order
        var events: [JSONValue] = []
        for (sent, line) in exchanges {
            if sent {
                try client.send(line)
                continue
            }
            let expected = try #require(JSONValue.parse(line), "not JSON in the document: \(line)")
            if expected["method"] == "event" {
                // An event is matched with the next one that matches it (others are skipped).
                var seen: [String] = []
                var found = false
                let deadline = MonotonicClock.seconds() + 30
                while !found {
                    if events.isEmpty {
                        let message = try client.readMessage(until: deadline)
                        if message["method"] == "event" { events.append(message) }
                        continue
                    }
                    let event = events.removeFirst()
                    found = Self.matches(event, expected)
                    if !found { seen.append(event.line) }
                }
                #expect(found, "expected \(line)\n     saw \(seen)")
                continue
            }
            // A reply: events that come first wait for their own lines.
            var reply: JSONValue?
            while reply == nil {
                let message = try client.readMessage(until: MonotonicClock.seconds() + 30)
                if message["method"] == "event" { events.append(message) } else { reply = message }
            }
            let received = try #require(reply)

            // Then it matches, "…" standing for any value
            #expect(Self.matches(received, expected), "expected \(line)\n     got \(received.line)")
        }
    }

    /// Whether `value` is what `pattern` describes: equal, with the string "…" matching anything
    /// and every member of an object in the pattern present in the value, and no other.
    static func matches(_ value: JSONValue, _ pattern: JSONValue) -> Bool {
        if pattern == "…" { return true }
        switch (value, pattern) {
        case let (.object(members), .object(expected)):
            guard Set(members.keys) == Set(expected.keys) else { return false }
            return expected.allSatisfy { key, inner in members[key].map { matches($0, inner) } ?? false }
        case let (.array(items), .array(expected)):
            return items.count == expected.count && zip(items, expected).allSatisfy { matches($0, $1) }
        default:
            return value == pattern
        }
    }
}
