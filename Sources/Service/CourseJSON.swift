import Control
import Library

/// A course as `course.list` and `meditate course list --json` give it: its days, how many are
/// done, and its next day with the library id to play it by.
package enum CourseJSON {
    package static func of(_ course: Course, in database: LibraryDatabase) -> JSONValue {
        var members: [String: JSONValue] = [
            "name": .string(course.name), "days": .number(course.days.count), "done": .number(course.doneCount),
            "startedAt": .finite(course.startedAt)
        ]
        if let next = course.next {
            var day: [String: JSONValue] = [
                "day": .number(next.number), "title": .string(next.title),
                "durationSeconds": .finite(next.durationSeconds)
            ]
            // Its id here, for play.start; none when this library no longer holds the file.
            if let id = (try? database.track(contentHash: next.track))??.id { day["track"] = .string(String(id)) }
            members["next"] = .object(day)
        }
        return .object(members)
    }
}
