import Foundation
import PulseTestSupport

/// An iCalendar file read by a real parser (python3-icalendar, Debian's, which belongs to
/// /usr/bin/python3), fetched over HTTP first when given an address, as a calendar program
/// subscribed to it would.
package enum CalendarReading {
    package struct Event: Decodable, Equatable {
        package let uid: String
        /// Its start, seconds since 1970.
        package let start: Double
        package let seconds: Double
        package let summary: String
        package let description: String
    }

    package struct Reading: Decodable {
        /// The HTTP status (200 for a file).
        package let status: Int
        package let contentType: String?
        /// `Transfer-Encoding` (`chunked` for a document sent as it is made).
        package let transferEncoding: String?
        package let events: [Event]
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    package static var parserInstalled: Bool {
        RequiredTools.runs(
            needing: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
                && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/icalendar"))
    }

    /// The events of the file at `path`.
    package static func file(_ path: String) throws -> Reading { try read(["file", path]) }

    /// The events served at `url`, asked for with `headers`; a refusal's status with no events.
    package static func url(_ url: String, headers: [String: String] = [:]) throws -> Reading {
        let header = headers.map { "\($0.key): \($0.value)" }
        return try read(["url", url] + header)
    }

    private static let script = """
        import json, sys, urllib.request, urllib.error
        import icalendar
        kind, where = sys.argv[1], sys.argv[2]
        status, content_type, transfer = 200, None, None
        if kind == "file":
            data = open(where, "rb").read()
        else:
            request = urllib.request.Request(where)
            for header in sys.argv[3:]:
                name, value = header.split(": ", 1)
                request.add_header(name, value)
            try:
                with urllib.request.urlopen(request, timeout=20) as answer:
                    data, status, content_type = answer.read(), answer.status, answer.headers["content-type"]
                    transfer = answer.headers["transfer-encoding"]
            except urllib.error.HTTPError as refused:
                print(json.dumps({"status": refused.code, "contentType": None, "transferEncoding": None, "events": []}))
                sys.exit(0)
        events = []
        for event in icalendar.Calendar.from_ical(data).walk("VEVENT"):
            start = event.decoded("dtstart")
            events.append({"uid": str(event["uid"]), "start": start.timestamp(),
                "seconds": event.decoded("duration").total_seconds(),
                "summary": str(event["summary"]), "description": str(event["description"])})
        print(json.dumps({"status": status, "contentType": content_type, "transferEncoding": transfer,
            "events": events}))
        """

    private static func read(_ arguments: [String]) throws -> Reading {
        let result = try CLIRunner.run(
            program: "/usr/bin/python3", ["-c", script] + arguments, environment: ["LANG": "C.UTF-8"], timeout: 60)
        guard result.status == 0 else { throw Failure(description: "icalendar: \(result.stderr)") }
        return try JSONDecoder().decode(Reading.self, from: Data(result.stdout.utf8))
    }
}
